// Runs the http-tests/cache-tests client against a base URL, as its own CLI does
// (test-engine/cli.mjs: 25 tests at a time, node's fetch, no browser cache), with two
// differences: every test is run, the suite's browser_only ones included (the CLI skips them;
// three of them are requirements of a private cache, see summarize.mjs), and only the chosen
// tests when ids are given. Prints the results JSON (the suite's own format: id -> true, or
// [error name, message]) on stdout.
//
// usage: node run-suite.mjs SUITE_DIR BASE_URL [TEST_ID ...]
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const [suiteDir, baseUrl, ...ids] = process.argv.slice(2)
if (!suiteDir || !baseUrl) {
  console.error('usage: node run-suite.mjs SUITE_DIR BASE_URL [TEST_ID ...]')
  process.exit(2)
}
const load = rel => import(pathToFileURL(path.resolve(suiteDir, rel)).href)
const config = await load('test-engine/client/config.mjs')
const { makeTest, testResults } = await load('test-engine/client/test.mjs')
const suites = (await load('tests/index.mjs')).default

config.setBaseUrl(baseUrl)
config.setUseBrowserCache(false)
const chosen = []
for (const suite of suites) {
  for (const test of suite.tests) {
    if (ids.length === 0 || ids.includes(test.id)) {
      if (ids.length > 0) test.dump = process.env.DUMP === '1'
      chosen.push(test)
    }
  }
}
const chunk = 25
for (let i = 0; i < chosen.length; i += chunk) {
  await Promise.all(chosen.slice(i, i + chunk).map(makeTest))
}
const ordered = {}
for (const id of Object.keys(testResults).sort()) ordered[id] = testResults[id]
console.log(JSON.stringify(ordered, null, 2))
