"""A team's own entries without forking: extra folders from DENPEX_KB_PATH or [tool.denpex] kb_path
add to the bundled knowledge base, are validated by kb lint / kb test, and diagnose like any entry;
configuration files and DENPEX_* variables set option defaults."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "team-kb"


def _cli(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    e = {k: v for k, v in os.environ.items() if not k.startswith("DENPEX_")}
    e["XDG_CONFIG_HOME"] = str(cwd / ".config")
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "denpex", *args], cwd=cwd, env=e, capture_output=True, text=True,
                          timeout=900, check=False)


def _project(tmp_path: Path, config: str) -> Path:
    shutil.copytree(EXAMPLE / "entries", tmp_path / "entries")
    (tmp_path / "pyproject.toml").write_text(config)
    (tmp_path / "run.log").write_text("INFO step 10\nAcmeFSTimeout: store fs-eu-1 did not answer within 30 s\n")
    return tmp_path


def test_team_entries_from_pyproject_add_to_the_bundled_ones(tmp_path):
    proj = _project(tmp_path, '[tool.denpex]\nkb_path = ["entries"]\n')
    r = _cli("diagnose", "-q", "run.log", cwd=proj)
    assert r.returncode == 1 and r.stdout.strip() == "feature store fs-eu-1 timed out after 30 s."
    assert _cli("diagnose", "-q", str(Path(__file__).resolve().parents[1] / "src/denpex/samples/vllm-server.log"),
                cwd=proj).returncode == 1  # the bundled entries are still there
    lint = _cli("kb", "lint", cwd=proj)
    assert lint.returncode == 0, lint.stdout + lint.stderr
    test = _cli("kb", "test", "--only", "acme", cwd=proj)
    assert test.returncode == 0 and "2 passed" in test.stdout
    assert "acme.feature-store-timeout" in _cli("list", cwd=proj).stdout


def test_team_entries_from_the_environment_and_a_clashing_namespace(tmp_path):
    proj = _project(tmp_path, "[project]\nname = 'x'\n")
    env = {"DENPEX_KB_PATH": str(proj / "entries")}
    assert _cli("diagnose", "-q", "run.log", cwd=proj, env=env).stdout.startswith("feature store fs-eu-1")
    # not configured: still a failure (an exception no entry names), but not the team's diagnosis
    r = _cli("diagnose", "--json", "run.log", cwd=proj)
    assert r.returncode == 1 and '"python.unhandled-exception"' in r.stdout and "acme." not in r.stdout
    # a team entry may not take a namespace Denpex ships
    y = proj / "entries" / "acme.feature-store-timeout.yaml"
    for f in (proj / "entries").iterdir():
        f.rename(f.with_name(f.name.replace("acme.", "torch.")))
    y = proj / "entries" / "torch.feature-store-timeout.yaml"
    y.write_text(y.read_text().replace("id: acme.feature-store-timeout", "id: torch.feature-store-timeout"))
    lint = _cli("kb", "lint", cwd=proj, env=env)
    assert lint.returncode != 0 and "namespace" in lint.stdout


def test_option_defaults_from_config_files_and_environment(tmp_path):
    proj = _project(tmp_path, '[tool.denpex]\nkb_path = ["entries"]\n\n[tool.denpex.diagnose]\nquiet = true\n')
    r = _cli("diagnose", "run.log", cwd=proj)
    assert r.stdout.strip() == "feature store fs-eu-1 timed out after 30 s."  # -q from the project config
    user = proj / ".config" / "denpex"
    user.mkdir(parents=True)
    (user / "config.toml").write_text("[diagnose]\nquiet = false\n")
    assert r.stdout.strip() == _cli("diagnose", "run.log", cwd=proj).stdout.strip()  # the project wins over the user
    plain = _cli("diagnose", "--json", "run.log", cwd=proj, env={"DENPEX_DIAGNOSE_QUIET": "0"})
    assert plain.stdout.lstrip().startswith("{")
    bad = proj / "pyproject.toml"
    bad.write_text("[tool.denpex\n")
    r = _cli("diagnose", "run.log", cwd=proj)
    assert r.returncode == 2 and "configuration" in r.stderr and "Traceback" not in r.stderr


def test_kb_test_only_takes_several_prefixes_and_folder_names_whole() -> None:
    """`--only` repeats (each an id prefix or a folder name), and a folder name is a whole path part:
    `--only orch` runs the orch/ folder, not every sample under torch-api/ as well."""
    from denpex.kbcheck import kb_test

    one = kb_test(only="system.abort")
    cpp = kb_test(only="system.cpp-terminate")
    both = kb_test(only=("system.abort", "system.cpp-terminate"))
    assert one.passed and cpp.passed and not both.failed
    assert sorted(both.passed) == sorted(one.passed + cpp.passed)
    folder = kb_test(only="orch")
    assert folder.passed and not any(name.startswith("torch.") for name in folder.passed)
