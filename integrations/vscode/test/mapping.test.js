'use strict';
// Unit tests of the extension's pure logic: node --test integrations/vscode/test/
// Fixtures are real `denpex diagnose --json` output. Set DENPEX_JSON=<file> to also check a
// freshly produced document (tests/test_integrations.py does this).

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const m = require('../lib/mapping');

const fixture = (name) => JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', name), 'utf8'));

test('buildArgs: file after --, stdin as -, mask-hosts flag', () => {
  assert.deepEqual(m.buildArgs({ file: 'train.log' }), ['diagnose', '--json', '--quiet', '--', 'train.log']);
  assert.deepEqual(m.buildArgs({ file: '-odd.log', maskHosts: true }), [
    'diagnose', '--json', '--quiet', '--mask-hosts', '--', '-odd.log',
  ]);
  assert.deepEqual(m.buildArgs({ stdin: true }), ['diagnose', '--json', '--quiet', '-']);
  assert.throws(() => m.buildArgs({}));
});

test('parseResult: exit 0 and 1 carry JSON, 2 is an input error', () => {
  const text = fs.readFileSync(path.join(__dirname, 'fixtures', 'vllm.json'), 'utf8');
  const r1 = m.parseResult(1, text, '');
  assert.equal(r1.ok, true);
  assert.equal(r1.diagnosis.primary.id, 'vllm.context-length-exceeded');
  const r0 = m.parseResult(0, fs.readFileSync(path.join(__dirname, 'fixtures', 'clean.json'), 'utf8'), '');
  assert.equal(r0.ok, true);
  assert.equal(r0.diagnosis.primary, null);
  const r2 = m.parseResult(2, '', 'error: nope.log: no such file or directory\n');
  assert.equal(r2.ok, false);
  assert.match(r2.error, /no such file/);
  const bad = m.parseResult(1, 'not json', '');
  assert.equal(bad.ok, false);
  const wrong = m.parseResult(1, '{"schema_version": "2", "findings": []}', '');
  assert.equal(wrong.ok, false);
  const esc = m.parseResult(2, '', '\x1b[31merror:\x1b[0m bad\u202e input');
  assert.equal(esc.error, 'error: bad input');
});

test('toDiagnostics: single root finding at its 0-based line with the first fix', () => {
  const d = fixture('vllm.json');
  const diags = m.toDiagnostics(d);
  assert.equal(diags.length, 1);
  const [x] = diags;
  assert.equal(x.line, 11); // evidence line 12, 1-based
  assert.equal(x.severity, 'error');
  assert.equal(x.code, 'vllm.context-length-exceeded');
  assert.equal(x.source, 'denpex');
  assert.equal(x.primary, true);
  assert.equal(
    x.message,
    'vllm.context-length-exceeded: Request needs 5120 tokens but the server serves 4096 (at 05-01T10:02:31.000)\n' +
      'Fix: ' + d.primary.fix[0],
  );
  assert.deepEqual(x.related, []);
});

test('toDiagnostics: lineOffset shifts lines for a selection', () => {
  const diags = m.toDiagnostics(fixture('vllm.json'), { lineOffset: 100 });
  assert.equal(diags[0].line, 111);
});

test('toDiagnostics: severity by role, related information for the other evidence lines', () => {
  const d = fixture('multi.json');
  const diags = m.toDiagnostics(d);
  assert.equal(diags.length, d.findings.length);
  for (const [i, f] of d.findings.entries()) {
    assert.equal(diags[i].severity, { root: 'error', collateral: 'warning', noise: 'information' }[f.role]);
    assert.equal(diags[i].line, f.evidence[0].line - 1);
    assert.ok(diags[i].message.startsWith(`${f.id}: `));
    const evidenceRelated = diags[i].related.filter((r) => r.message.startsWith('evidence: '));
    assert.deepEqual(
      evidenceRelated.map((r) => r.line),
      f.evidence.slice(1).map((e) => e.line - 1),
    );
  }
  assert.equal(diags.filter((x) => x.primary).length, 1);
  const primary = diags.find((x) => x.primary);
  assert.equal(primary.code, d.primary.id);
  const noise = diags.find((x) => x.role === 'noise');
  assert.equal(noise.severity, 'information');
  assert.ok(noise.related.length >= 1);
  // Collateral caused by the primary points back at it.
  const coll = diags.find((x) => x.role === 'collateral' && x.related.some((r) => r.message.startsWith('caused by')));
  assert.ok(coll, 'a collateral finding links to its cause');
  const link = coll.related.find((r) => r.message.startsWith('caused by'));
  assert.equal(link.line, d.primary.evidence[0].line - 1);
});

test('toDiagnostics: unmatched failure lines when no entry matched (stdin)', () => {
  const d = fixture('unknown-stdin.json');
  assert.equal(d.primary, null);
  const diags = m.toDiagnostics(d, { lineOffset: 10 });
  assert.equal(diags.length, 1);
  assert.equal(diags[0].code, m.UNMATCHED_ID);
  assert.equal(diags[0].severity, 'error');
  assert.equal(diags[0].line, 10 + 6 - 1);
  assert.equal(diags[0].file, '<stdin>');
});

test('toDiagnostics: a clean log gives nothing; garbage is tolerated', () => {
  assert.deepEqual(m.toDiagnostics(fixture('clean.json')), []);
  assert.deepEqual(m.toDiagnostics(null), []);
  assert.deepEqual(m.toDiagnostics({ findings: [{ id: 'x', role: 'root', evidence: [] }] }), []);
});

const hostile = () => {
  const d = fixture('vllm.json');
  const evil = '<script>alert(1)</script> <img src=x onerror=alert(2)> \x1b[2J\x07 \u202egnp.exe';
  d.verdict = evil;
  d.primary.title = evil;
  d.primary.message = evil;
  d.primary.explanation = evil + '\n::error::injected';
  d.primary.fix = [evil, 'second'];
  d.primary.verify = 'echo "</code></pre><script>x</script>"';
  d.primary.evidence[0].text = evil;
  d.primary.evidence[0].file = '"><svg onload=alert(3)>';
  d.findings = [d.primary];
  return d;
};

test('sanitize strips ANSI escapes, control characters and bidi overrides', () => {
  assert.equal(m.sanitize('\x1b[31mred\x1b[0m\x07 a\u202eb\tc\r\nd'), 'red ab\tc\nd');
  assert.equal(m.oneLine('a\nb\tc'), 'a b c');
  assert.equal(m.sanitize('abcdef', 4), 'abc\u2026');
});

test('renderReportHtml escapes every log-derived string and allows no scripts', () => {
  const html = m.renderReportHtml(hostile(), { cspSource: 'vscode-webview://abc' });
  assert.ok(!/<script/i.test(html));
  assert.ok(!/<img/i.test(html));
  assert.ok(!/<svg/i.test(html));
  assert.ok(!html.includes('\x1b') && !html.includes('\u202e') && !html.includes('\x07'));
  assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  assert.match(html, /Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline' vscode-webview:\/\/abc"/);
});

test('formatReport: explanation, fix and verify as clean text', () => {
  const d = fixture('vllm.json');
  const text = m.formatReport(d);
  assert.ok(text.startsWith(`Denpex: ${d.verdict}\n`));
  assert.ok(text.includes(d.primary.explanation));
  assert.ok(text.includes(`  1. ${d.primary.fix[0]}`));
  assert.ok(text.includes(`  $ ${d.primary.verify}`));
  const bad = m.formatReport(hostile());
  assert.ok(!bad.includes('\x1b') && !bad.includes('\u202e') && !bad.includes('\x07'));
  // A multi-line explanation stays on its line: nothing can start a line of its own.
  assert.ok(!bad.split('\n').some((l) => l.startsWith('::')));
});

test('diagnostic messages from hostile text are single-purpose and clean', () => {
  const [x] = m.toDiagnostics(hostile());
  assert.ok(!x.message.includes('\x1b'));
  assert.equal(x.message.split('\n').length, 2); // headline + first fix
});

test('a fresh document from DENPEX_JSON maps consistently', { skip: !process.env.DENPEX_JSON }, () => {
  const d = JSON.parse(fs.readFileSync(process.env.DENPEX_JSON, 'utf8'));
  const diags = m.toDiagnostics(d);
  assert.ok(diags.length >= 1);
  for (const x of diags) {
    assert.ok(Number.isInteger(x.line) && x.line >= 0);
    assert.ok(['error', 'warning', 'information'].includes(x.severity));
    assert.ok(x.message.startsWith(`${x.code}: `));
  }
  if (d.primary) assert.equal(diags.find((x) => x.primary).code, d.primary.id);
});

test('history block: seen before and solved before, in the report and the webview, escaped', () => {
  const d = {
    verdict: 'CUDA out of memory',
    history: {
      seen: 4, first_seen: '2026-11-02T10:00:00Z', last_job: 'llama-70b-ft', last_host: 'gpu-node-17',
      resolved: { at: '2026-11-05T09:00:00Z', fix: 'pinned NCCL 2.21.5 <b>' },
    },
  };
  const text = m.formatReport(d);
  assert.match(text, /Seen 4 times before since 2026-11-02 \(last: job llama-70b-ft, node gpu-node-17\)\./);
  assert.match(text, /Solved on 2026-11-05: pinned NCCL 2\.21\.5/);
  const html = m.renderReportHtml(d);
  assert.match(html, /<h3>History<\/h3>/);
  assert.ok(!html.includes('<b>') && html.includes('&lt;b&gt;'));
  assert.deepEqual(m.historyLines(undefined), []);
  assert.deepEqual(m.historyLines({ seen: 0 }), []);
});
