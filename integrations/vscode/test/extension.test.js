'use strict';
// Smoke test of extension.js against a minimal stand-in for the `vscode` module and a stand-in
// denpex executable (a shell script). Set DENPEX_BIN=<path of a real denpex> to run the real one.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const Module = require('node:module');

const FIXTURES = path.join(__dirname, 'fixtures');

function makeVscode(state) {
  class Position {
    constructor(line, character) {
      this.line = line;
      this.character = character;
    }
  }
  class Range {
    constructor(a, b, c, d) {
      this.start = new Position(a, b);
      this.end = new Position(c, d);
    }
  }
  class Diagnostic {
    constructor(range, message, severity) {
      Object.assign(this, { range, message, severity });
    }
  }
  class Location {
    constructor(uri, range) {
      Object.assign(this, { uri, range });
    }
  }
  class DiagnosticRelatedInformation {
    constructor(location, message) {
      Object.assign(this, { location, message });
    }
  }
  return {
    Range,
    Diagnostic,
    Location,
    DiagnosticRelatedInformation,
    DiagnosticSeverity: { Error: 0, Warning: 1, Information: 2, Hint: 3 },
    ProgressLocation: { Window: 10 },
    ViewColumn: { Beside: -2 },
    languages: {
      createDiagnosticCollection: () => ({
        set: (uri, diags) => state.diagnostics.set(uri.fsPath, diags),
        delete: (uri) => state.diagnostics.delete(uri.fsPath),
        clear: () => state.diagnostics.clear(),
        dispose() {},
      }),
    },
    window: {
      activeTextEditor: undefined,
      createOutputChannel: () => ({
        clear: () => (state.output = ''),
        append: (s) => (state.output += s),
        show() {},
        dispose() {},
      }),
      showInformationMessage: (m) => state.messages.push(['info', m]),
      showWarningMessage: (m) => state.messages.push(['warning', m]),
      showErrorMessage: (m) => state.messages.push(['error', m]),
      setStatusBarMessage: (m) => (state.status = m),
      withProgress: (_opts, fn) => fn({ report() {} }, { onCancellationRequested() {} }),
    },
    commands: {
      registerCommand: (id, fn) => {
        state.commands[id] = fn;
        return { dispose() {} };
      },
    },
    workspace: {
      workspaceFolders: undefined,
      getConfiguration: () => ({ get: (k) => state.config[k] }),
      onDidCloseTextDocument: () => ({ dispose() {} }),
    },
  };
}

function makeDocument(file, text, { dirty = false } = {}) {
  const lines = text.split('\n');
  return {
    uri: { scheme: 'file', fsPath: file },
    isDirty: dirty,
    lineCount: lines.length,
    lineAt: (n) => ({ range: { start: { line: n, character: 0 }, end: { line: n, character: lines[n].length } } }),
    getText: (range) => {
      if (!range) return text;
      return lines.slice(range.start.line, range.end.line + 1).join('\n');
    },
  };
}

function loadExtension(state) {
  const vscode = makeVscode(state);
  const origLoad = Module._load;
  Module._load = function (request, ...rest) {
    if (request === 'vscode') return vscode;
    return origLoad.call(this, request, ...rest);
  };
  try {
    const p = require.resolve('../extension.js');
    delete require.cache[p];
    const ext = require(p);
    ext.activate({ subscriptions: [] });
    return { ext, vscode };
  } finally {
    Module._load = origLoad;
  }
}

function fakeDenpex(dir, fixture, exitCode) {
  const script = path.join(dir, 'denpex');
  fs.writeFileSync(
    script,
    `#!/bin/sh\nprintf '%s\\n' "$@" > "${dir}/args"\ncat > "${dir}/stdin"\npwd > "${dir}/cwd"\ncat "${path.join(FIXTURES, fixture)}"\nexit ${exitCode}\n`,
  );
  fs.chmodSync(script, 0o755);
  return script;
}

const posixOnly = { skip: process.platform === 'win32' ? 'needs a POSIX shell' : false };

test('Diagnose current file: diagnostics, report and arguments', posixOnly, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'denpex-ext-'));
  const state = { diagnostics: new Map(), messages: [], commands: {}, output: '', config: {} };
  state.config.executable = fakeDenpex(dir, 'multi.json', 1);
  state.config.maskHosts = true;
  const { vscode } = loadExtension(state);
  const logFile = path.join(dir, 'train.log');
  const text = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join('\n');
  vscode.window.activeTextEditor = { document: makeDocument(logFile, text), selection: null };
  await state.commands['denpex.diagnoseFile']();
  assert.deepEqual(state.messages, []);
  assert.deepEqual(fs.readFileSync(path.join(dir, 'args'), 'utf8').trim().split('\n'), [
    'diagnose', '--json', '--quiet', '--mask-hosts', '--', 'train.log',
  ]);
  assert.equal(fs.realpathSync(fs.readFileSync(path.join(dir, 'cwd'), 'utf8').trim()), fs.realpathSync(dir));
  const diags = state.diagnostics.get(logFile);
  const d = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'multi.json'), 'utf8'));
  assert.equal(diags.length, d.findings.length);
  assert.equal(diags[0].severity, vscode.DiagnosticSeverity.Error);
  assert.equal(diags[0].source, 'denpex');
  assert.equal(diags[0].code, d.findings[0].id);
  assert.equal(diags[0].range.start.line, d.findings[0].evidence[0].line - 1);
  assert.ok(diags.some((x) => x.severity === vscode.DiagnosticSeverity.Warning));
  assert.ok(diags.some((x) => x.severity === vscode.DiagnosticSeverity.Information));
  assert.ok(diags.some((x) => x.relatedInformation.length > 0));
  assert.ok(state.output.includes(d.primary.explanation));
  assert.ok(state.status.startsWith('Denpex: '));
});

test('Diagnose selection: text piped to stdin, lines shifted by the selection start', posixOnly, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'denpex-ext-'));
  const state = { diagnostics: new Map(), messages: [], commands: {}, output: '', config: {} };
  state.config.executable = fakeDenpex(dir, 'vllm.json', 1);
  const { vscode } = loadExtension(state);
  const logFile = path.join(dir, 'big.log');
  const text = Array.from({ length: 200 }, (_, i) => `line ${i + 1}`).join('\n');
  const doc = makeDocument(logFile, text);
  vscode.window.activeTextEditor = {
    document: doc,
    selection: { isEmpty: false, start: { line: 50, character: 3 }, end: { line: 69, character: 2 } },
  };
  await state.commands['denpex.diagnoseSelection']();
  assert.deepEqual(state.messages, []);
  const args = fs.readFileSync(path.join(dir, 'args'), 'utf8').trim().split('\n');
  assert.deepEqual(args, ['diagnose', '--json', '--quiet', '-']);
  const stdin = fs.readFileSync(path.join(dir, 'stdin'), 'utf8');
  assert.ok(stdin.startsWith('line 51\n')); // whole first line, so line numbers line up
  const [diag] = state.diagnostics.get(logFile);
  assert.equal(diag.range.start.line, 50 + 12 - 1);
});

test('denpex input error (exit 2) and a missing executable are reported, not thrown', posixOnly, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'denpex-ext-'));
  const script = path.join(dir, 'denpex');
  fs.writeFileSync(script, '#!/bin/sh\necho "error: train.log: unreadable" >&2\nexit 2\n');
  fs.chmodSync(script, 0o755);
  const state = { diagnostics: new Map(), messages: [], commands: {}, output: '', config: { executable: script } };
  const { vscode } = loadExtension(state);
  vscode.window.activeTextEditor = { document: makeDocument(path.join(dir, 'train.log'), 'x'), selection: null };
  await state.commands['denpex.diagnoseFile']();
  assert.deepEqual(state.messages, [['error', 'Denpex: error: train.log: unreadable']]);
  state.messages.length = 0;
  state.config.executable = path.join(dir, 'does-not-exist');
  await state.commands['denpex.diagnoseFile']();
  assert.equal(state.messages.length, 1);
  assert.match(state.messages[0][1], /could not run .*ENOENT/);
});

test('real denpex end to end (DENPEX_BIN)', { skip: !process.env.DENPEX_BIN }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'denpex-ext-'));
  const log = path.join(dir, 'server.log');
  const sample = process.env.DENPEX_SAMPLE;
  const text = fs.readFileSync(sample, 'utf8');
  fs.writeFileSync(log, text);
  const state = { diagnostics: new Map(), messages: [], commands: {}, output: '', config: { executable: process.env.DENPEX_BIN } };
  const { vscode } = loadExtension(state);
  vscode.window.activeTextEditor = { document: makeDocument(log, text), selection: null };
  await state.commands['denpex.diagnoseFile']();
  assert.deepEqual(state.messages, []);
  const diags = state.diagnostics.get(log);
  assert.ok(diags.length >= 1);
  assert.equal(diags[0].severity, vscode.DiagnosticSeverity.Error);
  assert.ok(state.output.includes('What happened in this run'));
});
