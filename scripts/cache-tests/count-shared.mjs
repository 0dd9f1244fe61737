import fs from 'fs'
const suite = process.argv[2]
const results = JSON.parse(fs.readFileSync(process.argv[3]))
const index = await import(suite + '/tests/index.mjs')
const all = []
for (const s of index.default) for (const t of s.tests) all.push(t)
let pass = 0, total = 0, req = [], opt = 0, chk = 0
for (const t of all) {
  if (!(t.id in results) || t.browser_only) continue
  total++
  const r = results[t.id]
  const kind = t.kind || 'required'
  if (r === true) pass++
  else if (kind === 'required') req.push(t.id)
  else if (kind === 'optimal') opt++
  else chk++
}
console.log(`shared-cache tests ${total}: pass ${pass}, required failures ${req.length} (${req.join(', ')}), optimal failures ${opt}, checks not passed ${chk}`)
