'use strict';
// Denpex for VS Code: run `denpex diagnose --json` on the current file or selection and show the
// findings as diagnostics (Problems panel) plus a report (output channel or webview).
// Plain JavaScript, no build step, no npm dependencies; the pure logic lives in lib/mapping.js.

const vscode = require('vscode');
const childProcess = require('child_process');
const path = require('path');
const mapping = require('./lib/mapping');

const SEVERITY = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
};

let collection;
let output;
let panel;

function activate(context) {
  collection = vscode.languages.createDiagnosticCollection('denpex');
  output = vscode.window.createOutputChannel('Denpex');
  context.subscriptions.push(
    collection,
    output,
    vscode.commands.registerCommand('denpex.diagnoseFile', () => diagnose(false)),
    vscode.commands.registerCommand('denpex.diagnoseSelection', () => diagnose(true)),
    vscode.commands.registerCommand('denpex.clear', () => collection.clear()),
    vscode.workspace.onDidCloseTextDocument((doc) => collection.delete(doc.uri)),
  );
}

function deactivate() {}

function settings() {
  const c = vscode.workspace.getConfiguration('denpex');
  return {
    executable: c.get('executable') || 'denpex',
    maskHosts: Boolean(c.get('maskHosts')),
    timeoutMs: Math.max(1, Number(c.get('timeoutSeconds')) || 120) * 1000,
    report: c.get('report') || 'output',
  };
}

// Run denpex without a shell (no quoting or injection issues); `input` is piped to stdin.
function runDenpex(exe, args, { cwd, input, timeoutMs, token }) {
  return new Promise((resolve) => {
    const child = childProcess.execFile(
      exe,
      args,
      { cwd, timeout: timeoutMs, maxBuffer: 256 * 1024 * 1024, windowsHide: true, encoding: 'utf8' },
      (err, stdout, stderr) => {
        if (err && typeof err.code === 'string') {
          // Spawn failure (ENOENT, EACCES...), not an exit status.
          resolve({ spawnError: err });
          return;
        }
        if (err && err.killed) {
          resolve({ killed: true });
          return;
        }
        resolve({ exitCode: err ? err.code : 0, stdout, stderr });
      },
    );
    if (token) token.onCancellationRequested(() => child.kill());
    if (child.stdin) {
      child.stdin.on('error', () => {}); // denpex may exit before reading all of it
      child.stdin.end(input === undefined ? '' : input);
    }
  });
}

async function diagnose(selectionOnly) {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    vscode.window.showInformationMessage('Denpex: open a log file first.');
    return;
  }
  const doc = editor.document;
  const cfg = settings();
  let args;
  let cwd;
  let input;
  let lineOffset = 0;
  if (selectionOnly) {
    const sel = editor.selection;
    if (sel.isEmpty) {
      vscode.window.showInformationMessage('Denpex: select some log lines first.');
      return;
    }
    input = doc.getText(new vscode.Range(sel.start.line, 0, sel.end.line, sel.end.character));
    lineOffset = sel.start.line;
    args = mapping.buildArgs({ stdin: true, maskHosts: cfg.maskHosts });
  } else if (doc.uri.scheme === 'file' && !doc.isDirty) {
    // Saved file: let denpex stream it (and read .gz/.zst). Run from its folder with the base
    // name so that masked input names still match.
    cwd = path.dirname(doc.uri.fsPath);
    args = mapping.buildArgs({ file: path.basename(doc.uri.fsPath), maskHosts: cfg.maskHosts });
  } else {
    input = doc.getText();
    args = mapping.buildArgs({ stdin: true, maskHosts: cfg.maskHosts });
  }
  if (!cwd && vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders.length) {
    cwd = vscode.workspace.workspaceFolders[0].uri.fsPath;
  }

  const res = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: 'Denpex: diagnosing', cancellable: true },
    (_progress, token) => runDenpex(cfg.executable, args, { cwd, input, timeoutMs: cfg.timeoutMs, token }),
  );
  if (res.spawnError) {
    vscode.window.showErrorMessage(
      `Denpex: could not run "${mapping.oneLine(cfg.executable, 200)}" (${res.spawnError.code}). ` +
        'Install Denpex from its repository (pip install ./denpex, or the denpex_oss wheel; the PyPI package "denpex" is another product) or set "denpex.executable".',
    );
    return;
  }
  if (res.killed) {
    vscode.window.showWarningMessage('Denpex: diagnosis cancelled or timed out (see "denpex.timeoutSeconds").');
    return;
  }
  const parsed = mapping.parseResult(res.exitCode, res.stdout, res.stderr);
  if (!parsed.ok) {
    vscode.window.showErrorMessage(`Denpex: ${parsed.error}`);
    return;
  }
  const d = parsed.diagnosis;
  collection.set(doc.uri, toVscodeDiagnostics(doc, mapping.toDiagnostics(d, { lineOffset })));
  showReport(d, cfg.report);
  vscode.window.setStatusBarMessage(`Denpex: ${mapping.oneLine(d.verdict, 200)}`, 10000);
}

function lineRange(doc, line) {
  const n = Math.min(Math.max(0, line), Math.max(0, doc.lineCount - 1));
  return doc.lineAt(n).range;
}

function toVscodeDiagnostics(doc, items) {
  // Every input is this one document (a single file or its selection), so every evidence line maps
  // onto it regardless of the (possibly masked) input name.
  return items.map((it) => {
    const diag = new vscode.Diagnostic(lineRange(doc, it.line), it.message, SEVERITY[it.severity]);
    diag.source = it.source;
    diag.code = it.code;
    diag.relatedInformation = it.related.map(
      (r) => new vscode.DiagnosticRelatedInformation(new vscode.Location(doc.uri, lineRange(doc, r.line)), r.message),
    );
    return diag;
  });
}

function showReport(d, where) {
  if (where === 'none') return;
  if (where === 'webview') {
    if (!panel) {
      panel = vscode.window.createWebviewPanel('denpexReport', 'Denpex diagnosis', vscode.ViewColumn.Beside, {
        enableScripts: false,
        localResourceRoots: [],
      });
      panel.onDidDispose(() => {
        panel = undefined;
      });
    }
    panel.webview.html = mapping.renderReportHtml(d, { cspSource: panel.webview.cspSource });
    panel.reveal(vscode.ViewColumn.Beside, true);
    return;
  }
  output.clear();
  output.append(mapping.formatReport(d));
  output.show(true);
}

module.exports = { activate, deactivate };
