// Puts the summaries of several clients side by side: comparison.md and comparison.json.
//
// usage: node compare.mjs OUT_DIR SUMMARY_JSON ...
// (run-http.sh --publish writes one summary.json per client under src/site/resources/cache-tests/)
import fs from 'node:fs'
import path from 'node:path'

const [outDir, ...files] = process.argv.slice(2)
if (!outDir || files.length === 0) {
  console.error('usage: node compare.mjs OUT_DIR SUMMARY_JSON ...')
  process.exit(2)
}
const rows = []
let chrome
for (const f of files) {
  const s = JSON.parse(fs.readFileSync(f, 'utf8'))
  const run = path.join(path.dirname(f), 'run.txt')
  rows.push({
    client: s.client,
    summary: path.relative(outDir, f),
    run: fs.existsSync(run) ? fs.readFileSync(run, 'utf8').trim() : undefined,
    applicable: s.applicable,
    ignoringDependencies: s.applicableIgnoringDependencies
  })
  chrome = chrome || (s.chromeSameRule && {
    client: 'Chrome (the suite\'s results/chrome.json)',
    applicable: s.chromeSameRule,
    ignoringDependencies: s.chromeSameRuleIgnoringDependencies
  })
}
if (chrome) rows.push(chrome)
fs.writeFileSync(path.join(outDir, 'comparison.json'), JSON.stringify(rows, null, 2) + '\n')

const md = ['# Private caches on http-tests/cache-tests', '']
md.push(`${rows[0].applicable.tests} tests apply to a private cache; counted as cache-tests.fyi ` +
  'shows results (dependencies honoured). See scripts/cache-tests/README.md for the rule.', '')
md.push('| client | pass | required failures | optimal failures | check yes / no | ' +
  'dependency failed | setup failed | pass, required failures (dependencies ignored) |')
md.push('|---|---:|---:|---:|---:|---:|---:|---:|')
for (const r of rows) {
  const a = r.applicable
  const i = r.ignoringDependencies
  md.push(`| ${r.client} | ${a.pass} | ${a.fail} | ${a.optional_fail} | ${a.yes} / ${a.no} | ` +
    `${a.dependency_fail} | ${a.setup_fail + a.harness_fail + a.retry} | ${i.pass}, ${i.fail} |`)
}
md.push('')
if (chrome) {
  md.push(`Chrome did not run ${chrome.applicable.untested} of these tests (the suite skips ` +
    'them in browsers).', '')
}
fs.writeFileSync(path.join(outDir, 'comparison.md'), md.join('\n'))
console.log(md.join('\n'))
