-- wrk: every request from a random IPv4 client, as the paper's X-IP test load (paper 004, §3)
math.randomseed(42)
request = function()
  local ip = math.random(0, 255) .. "." .. math.random(0, 255) .. "." ..
      math.random(0, 255) .. "." .. math.random(0, 255)
  return wrk.format("GET", nil, { ["X-Forwarded-For"] = ip })
end
