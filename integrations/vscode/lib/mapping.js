'use strict';
// Pure logic of the Denpex VS Code extension: no `vscode` import, so `node --test` can run it.
//
// Input is always the JSON printed by `denpex diagnose --json` (schema: `denpex schema`). The engine
// has already masked secrets in it; this module never sees raw log text. Log-derived strings are
// still untrusted: they are stripped of control characters / bidi overrides before display and
// HTML-escaped before they reach a webview.

const ROLE_SEVERITY = Object.freeze({
  root: 'error',
  collateral: 'warning',
  noise: 'information',
});

const STDIN_NAME = '<stdin>';
const UNMATCHED_ID = 'denpex.unmatched-failure';

// ANSI escape sequences, C0/C1 controls (except \t and \n), and Unicode bidi controls.
const ANSI_RE = /\x1b\[[0-?]*[ -/]*[@-~]/g;
const CONTROL_RE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function sanitize(text, limit) {
  let s = text === null || text === undefined ? '' : String(text);
  s = s.replace(ANSI_RE, '').replace(/\r\n?/g, '\n').replace(CONTROL_RE, '');
  if (typeof limit === 'number' && s.length > limit) {
    s = s.slice(0, Math.max(0, limit - 1)) + '\u2026';
  }
  return s;
}

function oneLine(text, limit) {
  return sanitize(text, limit).replace(/[\n\t]+/g, ' ');
}

function escapeHtml(text) {
  return sanitize(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function who(f) {
  const parts = [];
  if (f.rank !== null && f.rank !== undefined) parts.push(`rank ${f.rank}`);
  if (f.host) parts.push(`host ${f.host}`);
  if (f.time) parts.push(`at ${f.time}`);
  return parts.join(', ');
}

// Arguments for the denpex executable. `file` is passed after `--` so a name starting with '-'
// is never taken for an option; `stdin: true` diagnoses text piped to '-'.
function buildArgs({ file, stdin = false, maskHosts = false } = {}) {
  const args = ['diagnose', '--json', '--quiet'];
  if (maskHosts) args.push('--mask-hosts');
  if (stdin) {
    args.push('-');
  } else {
    if (!file) throw new Error('buildArgs: file or stdin required');
    args.push('--', file);
  }
  return args;
}

// Interpret a finished `denpex diagnose --json`: 0 = clean, 1 = failure found (both print JSON),
// 2 = usage/input error (message on stderr).
function parseResult(exitCode, stdout, stderr) {
  if (exitCode === 0 || exitCode === 1) {
    let d;
    try {
      d = JSON.parse(stdout);
    } catch (e) {
      return { ok: false, error: `denpex printed no JSON (exit ${exitCode}): ${oneLine(e.message, 200)}` };
    }
    if (!d || typeof d !== 'object' || d.schema_version !== '1' || !Array.isArray(d.findings)) {
      return { ok: false, error: 'denpex printed an unexpected document (schema_version 1 expected)' };
    }
    return { ok: true, diagnosis: d, exitCode };
  }
  const msg = oneLine(stderr || '', 500).trim() || `denpex exited with status ${exitCode}`;
  return { ok: false, error: msg, exitCode };
}

function evidenceLine(ev, lineOffset) {
  const n = Number.isInteger(ev && ev.line) && ev.line >= 1 ? ev.line : 1;
  return lineOffset + n - 1; // 0-based document line
}

function firstFix(f) {
  return Array.isArray(f.fix) && f.fix.length ? oneLine(f.fix[0], 400) : '';
}

function findingMessage(f) {
  const w = who(f);
  let msg = `${f.id}: ${oneLine(f.message || f.title || '', 400)}`;
  if (w) msg += ` (${oneLine(w, 200)})`;
  if (f.suspect) msg += ' [suspect]';
  const fix = firstFix(f);
  if (fix) msg += `\nFix: ${fix}`;
  return msg;
}

// Index of the primary among the findings: the identical object, else the same entry at the same
// first evidence line; -1 when there is no primary.
function primaryIndex(diagnosis) {
  const p = diagnosis && diagnosis.primary;
  const findings = (diagnosis && Array.isArray(diagnosis.findings)) ? diagnosis.findings : [];
  if (!p) return -1;
  const key = JSON.stringify(p);
  let i = findings.findIndex((f) => JSON.stringify(f) === key);
  if (i >= 0) return i;
  const ev = JSON.stringify((p.evidence || [])[0]);
  i = findings.findIndex((f) => f.id === p.id && JSON.stringify((f.evidence || [])[0]) === ev);
  return i;
}

// Map a diagnosis to editor-neutral diagnostics:
//   { line, severity: 'error'|'warning'|'information', message, code, source, role, primary,
//     file, related: [{ line, file, message }] }
// `lineOffset` (0-based) is added to every line: use the selection's start line when the text was
// piped from a selection. One diagnostic per finding, at its first evidence line; the other
// evidence lines (and, for collateral, the primary's line) become related information.
function toDiagnostics(diagnosis, { lineOffset = 0 } = {}) {
  const out = [];
  if (!diagnosis || typeof diagnosis !== 'object') return out;
  const findings = Array.isArray(diagnosis.findings) ? diagnosis.findings : [];
  const primary = diagnosis.primary || null;
  const primaryEv = primary && Array.isArray(primary.evidence) ? primary.evidence[0] : null;
  const pi = primaryIndex(diagnosis);
  for (const [idx, f] of findings.entries()) {
    const evidence = Array.isArray(f.evidence) ? f.evidence : [];
    if (!evidence.length) continue;
    const isPrimary = idx === pi;
    const related = evidence.slice(1).map((ev) => ({
      line: evidenceLine(ev, lineOffset),
      file: ev.file || STDIN_NAME,
      message: `evidence: ${oneLine(ev.text, 300)}`,
    }));
    if (!isPrimary && primaryEv && f.role !== 'root' && f.caused_by) {
      related.push({
        line: evidenceLine(primaryEv, lineOffset),
        file: primaryEv.file || STDIN_NAME,
        message: `caused by ${oneLine(f.caused_by, 200)}`,
      });
    }
    out.push({
      line: evidenceLine(evidence[0], lineOffset),
      file: evidence[0].file || STDIN_NAME,
      severity: ROLE_SEVERITY[f.role] || 'warning',
      message: findingMessage(f),
      code: String(f.id),
      source: 'denpex',
      role: f.role,
      primary: isPrimary,
      related,
    });
  }
  const u = diagnosis.unknown;
  if (u && typeof u === 'object') {
    const seen = new Set();
    let first = primary === null;
    for (const [kind, label] of [
      ['exceptions', 'final exception'],
      ['fatal_lines', 'fatal line'],
      ['exit_codes', 'exit code / signal'],
    ]) {
      for (const ev of Array.isArray(u[kind]) ? u[kind] : []) {
        const key = `${ev.file}\u0000${ev.line}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({
          line: evidenceLine(ev, lineOffset),
          file: ev.file || STDIN_NAME,
          severity: first ? 'error' : 'warning',
          message: `${UNMATCHED_ID}: likely failure line, no knowledge-base entry matched (${label})`,
          code: UNMATCHED_ID,
          source: 'denpex',
          role: 'unmatched',
          primary: first,
          related: [],
        });
        first = false;
      }
    }
  }
  return out;
}

// The history block (`denpex diagnose --json` with a history, or a team server): seen before /
// solved before, as one or two sentences.
function historyLines(h) {
  if (!h || typeof h !== 'object') return [];
  const out = [];
  const seen = Number(h.seen) || 0;
  if (seen > 0) {
    let s = `Seen ${seen} time${seen === 1 ? '' : 's'} before`;
    if (h.first_seen) s += ` since ${String(h.first_seen).slice(0, 10)}`;
    const last = [h.last_job ? `job ${h.last_job}` : '', h.last_host ? `node ${h.last_host}` : ''].filter(Boolean).join(', ');
    if (last) s += ` (last: ${last})`;
    out.push(oneLine(s + '.', 500));
  }
  if (h.resolved && typeof h.resolved === 'object' && h.resolved.fix) {
    out.push(oneLine(`Solved${h.resolved.at ? ` on ${String(h.resolved.at).slice(0, 10)}` : ''}: ${h.resolved.fix}`, 1000));
  }
  for (const s of Array.isArray(h.similar_solved) ? h.similar_solved.slice(0, 3) : []) {
    if (s && s.resolved && s.resolved.fix) out.push(oneLine(`A similar failure (${s.title || s.failure_id}) was solved: ${s.resolved.fix}`, 1000));
  }
  return out;
}

// Plain-text report for an output channel.
function formatReport(diagnosis) {
  const d = diagnosis || {};
  const lines = [`Denpex: ${oneLine(d.verdict || 'no verdict', 1000)}`];
  const hist = historyLines(d.history);
  if (hist.length) {
    lines.push('');
    lines.push('History');
    for (const h of hist) lines.push(`  ${h}`);
  }
  const p = d.primary;
  if (p) {
    lines.push('');
    lines.push(`Primary: ${p.id} [${p.severity}, ${p.role}${p.suspect ? ', suspect' : ''}]`);
    lines.push(`  ${oneLine(p.title, 500)}${who(p) ? ` (${oneLine(who(p), 200)})` : ''}`);
    lines.push('');
    lines.push('Evidence');
    for (const ev of p.evidence || []) {
      lines.push(`  ${oneLine(ev.file, 300)}:${ev.line}  ${oneLine(ev.text, 500)}`);
    }
    lines.push('');
    lines.push('What happened in this run');
    lines.push(`  ${oneLine(p.explanation, 4000)}`);
    if (Array.isArray(p.fix) && p.fix.length) {
      lines.push('');
      lines.push('Fix');
      p.fix.forEach((fx, i) => lines.push(`  ${i + 1}. ${oneLine(fx, 2000)}`));
    }
    if (p.verify) {
      lines.push('');
      lines.push('Verify');
      lines.push(`  $ ${oneLine(p.verify, 2000)}`);
    }
  }
  const pi = primaryIndex(d);
  const others = (d.findings || []).filter((_f, i) => i !== pi);
  if (others.length) {
    lines.push('');
    lines.push('Other findings');
    for (const f of others) {
      const ev = (f.evidence || [])[0];
      const where = ev ? `line ${ev.line}` : '';
      lines.push(`  ${String(f.role || '').padEnd(10)} ${f.id}  ${where}  ${oneLine(f.message || f.title, 300)}`);
    }
  }
  const u = d.unknown;
  if (u) {
    const evs = [].concat(u.exceptions || [], u.fatal_lines || [], u.exit_codes || []);
    if (evs.length) {
      lines.push('');
      lines.push('No knowledge-base entry matched. Most likely failure lines:');
      for (const ev of evs) lines.push(`  line ${ev.line}  ${oneLine(ev.text, 500)}`);
    }
  }
  return lines.join('\n') + '\n';
}

// Static HTML for a webview (scripts disabled; CSP allows only inline styles). Every string that
// comes from the diagnosis is escaped.
function renderReportHtml(diagnosis, { cspSource = '' } = {}) {
  const d = diagnosis || {};
  const e = escapeHtml;
  const csp = `default-src 'none'; style-src 'unsafe-inline' ${e(cspSource)}`.trim();
  const parts = [
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<title>Denpex diagnosis</title>',
    '<style>body{font-family:var(--vscode-font-family);padding:0 1em}code,pre{font-family:var(--vscode-editor-font-family)}pre{white-space:pre-wrap}</style>',
    '</head><body>',
    `<h2>${e(d.verdict || 'No verdict')}</h2>`,
  ];
  const hist = historyLines(d.history);
  if (hist.length) parts.push(`<h3>History</h3><ul>${hist.map((h) => `<li>${e(h)}</li>`).join('')}</ul>`);
  const p = d.primary;
  if (p) {
    parts.push(`<h3>Primary: <code>${e(p.id)}</code> (${e(p.severity)}, ${e(p.role)}${p.suspect ? ', suspect' : ''})</h3>`);
    parts.push(`<p><strong>${e(p.title)}</strong>${who(p) ? ' &mdash; ' + e(who(p)) : ''}</p>`);
    parts.push('<h4>Evidence</h4><ul>');
    for (const ev of p.evidence || []) {
      parts.push(`<li><code>${e(ev.file)}:${e(ev.line)}</code> <code>${e(sanitize(ev.text, 2000))}</code></li>`);
    }
    parts.push('</ul>');
    parts.push(`<h4>What happened in this run</h4><p>${e(p.explanation)}</p>`);
    if (Array.isArray(p.fix) && p.fix.length) {
      parts.push('<h4>Fix</h4><ol>');
      for (const fx of p.fix) parts.push(`<li>${e(fx)}</li>`);
      parts.push('</ol>');
    }
    if (p.verify) parts.push(`<h4>Verify</h4><pre><code>${e(p.verify)}</code></pre>`);
  }
  const pi = primaryIndex(d);
  const others = (d.findings || []).filter((_f, i) => i !== pi);
  if (others.length) {
    parts.push('<h3>Other findings</h3><table><tr><th>role</th><th>id</th><th>line</th><th>message</th></tr>');
    for (const f of others) {
      const ev = (f.evidence || [])[0];
      parts.push(
        `<tr><td>${e(f.role)}</td><td><code>${e(f.id)}</code></td><td>${ev ? e(ev.line) : ''}</td><td>${e(f.message || f.title)}</td></tr>`,
      );
    }
    parts.push('</table>');
  }
  parts.push('</body></html>');
  return parts.join('\n');
}

module.exports = {
  historyLines,
  ROLE_SEVERITY,
  STDIN_NAME,
  UNMATCHED_ID,
  buildArgs,
  escapeHtml,
  formatReport,
  oneLine,
  parseResult,
  primaryIndex,
  renderReportHtml,
  sanitize,
  toDiagnostics,
};
