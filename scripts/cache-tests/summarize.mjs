// Counts a cache-tests results JSON the way cache-tests.fyi shows it (the suite's own
// determineTestResult, dependencies honoured), over the tests that apply to a PRIVATE cache,
// and writes summary.json and summary.md. With an exchanges log of CacheTestsProxy, each
// failure lists what the client answered to each request (status, cache status, Age).
//
// usage: node summarize.mjs SUITE_DIR RESULTS_JSON OUT_DIR [EXCHANGES_JSONL [NAME]]
// (NAME: the client measured, cache-http by default)
//
// Which tests apply to a private cache (RFC 9111 §1: a browser's cache, or an HTTP client
// library's). The suite marks tests with three flags (CONTRIBUTING.md): cdn_only, browser_only
// and browser_skip; browser_skip means "the browser cannot run this through the Fetch API" OR
// "this is a shared cache's requirement". The rule:
//   1. cdn_only tests are out: CDN-Cache-Control (RFC 9213) is addressed to CDNs, a private
//      cache ignores it.
//   2. browser_skip tests whose name says "shared" are out: s-maxage, proxy-revalidate,
//      private and Authorization as a shared cache must treat them (RFC 9111 §3.5, §5.2.2.7,
//      §5.2.2.8, §5.2.2.10).
//   3. browser_only tests whose requests use the Fetch API's own options (cache, mode,
//      credentials, redirect: a browser's reload semantics) are out: no HTTP client has them.
//   4. Everything else is in: the browser_only tests with plain HTTP requests (a private cache
//      must not prefer s-maxage; reuses a private response), and the browser_skip tests that a
//      browser only cannot observe (conditional requests the cache answers, redirects, 1xx).
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const [suiteDir, resultsFile, outDir, exchangesFile, clientName] = process.argv.slice(2)
const name = clientName || 'cache-http'
if (!suiteDir || !resultsFile || !outDir) {
  console.error('usage: node summarize.mjs SUITE_DIR RESULTS_JSON OUT_DIR [EXCHANGES_JSONL [NAME]]')
  process.exit(2)
}
const load = rel => import(pathToFileURL(path.resolve(suiteDir, rel)).href)
const suites = (await load('tests/index.mjs')).default
const { determineTestResult, resultTypes } = await load('test-engine/lib/results.mjs')
const results = JSON.parse(fs.readFileSync(resultsFile, 'utf8'))

const FETCH_OPTIONS = ['cache', 'mode', 'credentials', 'redirect']
function applicability (test) {
  if (test.cdn_only === true) return 'out: CDN only'
  if (test.browser_skip === true && /shared/i.test(test.name)) {
    return 'out: a shared cache\'s requirement'
  }
  if (test.browser_only === true &&
      test.requests.some(r => FETCH_OPTIONS.some(o => o in r))) {
    return 'out: a browser\'s Fetch cache mode'
  }
  return 'in'
}

const symbolName = Object.fromEntries(Object.entries(resultTypes).map(([k, v]) => [v[2], k]))
function outcome (testId, res, honorDependencies = true) {
  return symbolName[determineTestResult(suites, testId, res, honorDependencies)[2]]
}

// what cache-http answered, per test and request, from the proxy's log
const exchanges = {}
if (exchangesFile && fs.existsSync(exchangesFile)) {
  for (const line of fs.readFileSync(exchangesFile, 'utf8').split('\n')) {
    if (!line.trim()) continue
    const e = JSON.parse(line)
    if (!e.test) continue
    ;(exchanges[e.test] = exchanges[e.test] || []).push(e)
  }
}
function answered (testId) {
  return (exchanges[testId] || [])
    .sort((a, b) => Number(a.req) - Number(b.req))
    .map(e => `${e.req}: ${e.method} ` + (e.error
      ? `error ${e.error}`
      : `${e.status}, ${e.cacheStatus || 'no cache status'}` + (e.age ? `, Age ${e.age}` : '')))
}

function count (res, onlyApplicable, skipBrowserOnly = false, honorDependencies = true) {
  const c = {
    tests: 0,
    pass: 0,
    fail: 0,
    optional_fail: 0,
    yes: 0,
    no: 0,
    dependency_fail: 0,
    setup_fail: 0,
    harness_fail: 0,
    retry: 0,
    untested: 0
  }
  for (const suite of suites) {
    for (const test of suite.tests) {
      if (onlyApplicable && applicability(test) !== 'in') continue
      if (skipBrowserOnly && test.browser_only === true) continue
      c.tests++
      c[outcome(test.id, res, honorDependencies)]++
    }
  }
  return c
}

const rows = []
const byKind = {}
for (const suite of suites) {
  for (const test of suite.tests) {
    const kind = test.kind || 'required'
    const applies = applicability(test)
    const o = outcome(test.id, results)
    if (applies === 'in') {
      byKind[kind] = byKind[kind] || {}
      byKind[kind][o] = (byKind[kind][o] || 0) + 1
    }
    rows.push({
      id: test.id,
      suite: suite.id,
      name: test.name,
      kind,
      applies,
      outcome: o,
      outcomeIgnoringDependencies: outcome(test.id, results, false),
      raw: results[test.id] === undefined ? null : results[test.id],
      depends_on: test.depends_on || [],
      answered: o === 'pass' || o === 'yes' ? undefined : answered(test.id)
    })
  }
}

const summary = {
  client: name,
  rule: [
    'cdn_only tests are out (CDN-Cache-Control is addressed to CDNs)',
    'browser_skip tests whose name says "shared" are out (a shared cache\'s requirements)',
    'browser_only tests that use the Fetch API\'s cache/mode/credentials/redirect are out',
    'every other test is in, browser_only ones with plain HTTP requests included'
  ],
  counting: 'as cache-tests.fyi: the suite\'s determineTestResult with dependencies honoured; ' +
    'pass = a required or optimal test that passed; fail = a required test that failed',
  applicable: count(results, true),
  applicableIgnoringDependencies: count(results, true, false, false),
  applicableByKind: byKind,
  cliDefault: count(results, false, true),
  all: count(results, false)
}
const chrome = path.join(suiteDir, 'results', 'chrome.json')
if (fs.existsSync(chrome)) {
  const chromeResults = JSON.parse(fs.readFileSync(chrome, 'utf8'))
  summary.chromeSameRule = count(chromeResults, true)
  summary.chromeSameRuleIgnoringDependencies = count(chromeResults, true, false, false)
}
summary.tests = rows

fs.mkdirSync(outDir, { recursive: true })
fs.writeFileSync(path.join(outDir, 'summary.json'), JSON.stringify(summary, null, 2) + '\n')

const label = {
  fail: 'required failure',
  optional_fail: 'optimal failure',
  no: 'check: no',
  dependency_fail: 'a dependency failed',
  setup_fail: 'setup failure',
  harness_fail: 'harness failure',
  retry: 'retried',
  untested: 'not run'
}
const a = summary.applicable
const md = []
md.push(`# ${name} on http-tests/cache-tests`, '')
md.push(`${a.tests} tests apply to a private cache (of ${summary.all.tests}; the rule is in ` +
  'summarize.mjs).', '')
md.push('| | tests | pass | required failures | optimal failures | check yes | check no | ' +
  'dependency failed | setup failed | harness/retry | not run |')
md.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
const line = (n, c) => md.push(`| ${n} | ${c.tests} | ${c.pass} | ${c.fail} | ` +
  `${c.optional_fail} | ${c.yes} | ${c.no} | ${c.dependency_fail} | ${c.setup_fail} | ` +
  `${c.harness_fail + c.retry} | ${c.untested} |`)
line(`${name}, private-cache tests`, a)
line(`${name}, the same, dependencies ignored`, summary.applicableIgnoringDependencies)
if (summary.chromeSameRule) {
  line('Chrome (the suite\'s results/chrome.json), same tests', summary.chromeSameRule)
  line('Chrome, the same, dependencies ignored', summary.chromeSameRuleIgnoringDependencies)
}
line(`${name}, what the suite's CLI runs (no browser_only)`, summary.cliDefault)
md.push('')
for (const o of ['fail', 'optional_fail', 'setup_fail', 'harness_fail', 'retry',
  'dependency_fail', 'no']) {
  const these = rows.filter(r => r.applies === 'in' && r.outcome === o)
  if (these.length === 0) continue
  md.push(`## ${label[o]} (${these.length})`, '')
  for (const r of these) {
    const why = Array.isArray(r.raw) ? r.raw.join(': ') : o === 'dependency_fail'
      ? `depends on ${r.depends_on.join(', ')}` : ''
    md.push(`- \`${r.id}\` (${r.kind}): ${r.name} — ${why}` +
      (r.answered && r.answered.length ? `; ${name} answered ${r.answered.join('; ')}` : ''))
  }
  md.push('')
}
fs.writeFileSync(path.join(outDir, 'summary.md'), md.join('\n'))
console.log(md.slice(0, 11).join('\n'))
