-- wrk: every request from one of 1,000 client addresses (a population that comes back)
math.randomseed(42)
local pool = {}
for i = 1, 1000 do
  pool[i] = math.random(0, 255) .. "." .. math.random(0, 255) .. "." ..
      math.random(0, 255) .. "." .. math.random(0, 255)
end
request = function()
  return wrk.format("GET", nil, { ["X-Forwarded-For"] = pool[math.random(1, 1000)] })
end
