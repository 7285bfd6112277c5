"""Issue 51, item 4: every reach into Flet's and uvicorn's insides lives in companion/flet_seam.py,
and the host refuses, with one sentence, versions that seam was not tested with, and a Flet
whose mended points are gone (rather than serve unmended and leak with every phone)."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import flet.version
import flet_web.version
import pytest
import uvicorn
from flet_web.fastapi.flet_app import FletApp

from companion import flet_seam
from companion.__main__ import main
from companion.server import build_app

REPO = Path(__file__).resolve().parents[2]
UNTESTED = [(flet.version, "flet_version", "flet"),
            (flet_web.version, "version", "flet-web"),
            (uvicorn, "__version__", "uvicorn")]


def start(tmp_path, capsys) -> tuple[int, str]:
    db = tmp_path / "night.db"
    with pytest.raises(SystemExit) as stopped:
        main(["--db", str(db), "--no-browser", "--port", "8550"])
    out = capsys.readouterr()
    assert not db.exists(), "refused, yet the night's file was made"
    return stopped.value.code, out.out + out.err


@pytest.mark.parametrize("module, attribute, name", UNTESTED, ids=[u[2] for u in UNTESTED])
def test_an_untested_version_is_refused_in_one_sentence(tmp_path, capsys, monkeypatch,
                                                        module, attribute, name):
    monkeypatch.setattr(module, attribute, "9.9.9")
    code, said = start(tmp_path, capsys)
    assert code == 2
    assert "Traceback" not in said
    lines = said.strip().splitlines()
    assert len(lines) == 1 and lines[0].count(". ") == 0 and lines[0].endswith(".")
    assert f"this Python has {name} 9.9.9" in said
    assert f'pip install "{name}=={flet_seam.TESTED[name]}"' in said


def test_the_installed_versions_are_the_tested_and_pinned_ones():
    """What the seam was tested with, what pyproject.toml pins and what runs are one set."""
    with open(REPO / "pyproject.toml", "rb") as f:
        pins = tomllib.load(f)["project"]["dependencies"]
    for name, version in flet_seam.TESTED.items():
        assert f"{name}=={version}" in pins, f"{name} is not pinned to the tested {version}"
    assert flet_seam.installed() == flet_seam.TESTED
    assert flet_seam.refusal() is None


def test_a_flet_whose_mended_points_are_gone_is_refused(tmp_path, capsys, monkeypatch):
    """The versions say 1.0.5 but the send loop is gone: the host says so and does not start,
    and build_app refuses rather than serve unmended, changing nothing."""
    monkeypatch.setattr(FletApp, "_companion_mended", False, raising=False)
    monkeypatch.delattr(FletApp, "_FletApp__send_loop")
    receive = FletApp._FletApp__receive_loop
    code, said = start(tmp_path, capsys)
    assert code == 2 and "Traceback" not in said
    assert "FletApp._FletApp__send_loop is missing" in said
    assert "install flet==1.0.5 and flet-web==1.0.5" in said
    with pytest.raises(flet_seam.FletChanged, match="send_loop is missing"):
        build_app(lambda page: None)
    assert FletApp._FletApp__receive_loop is receive, "a mend was half applied"


def test_build_app_mends_flet():
    build_app(lambda page: None)
    assert FletApp._companion_mended
    assert FletApp._FletApp__send_loop.__module__ == flet_seam.__name__
    assert flet_seam.Session.error.__module__ == flet_seam.__name__


MANGLED = re.compile(r"\._[A-Z]\w*__\w|_(?:FletApp|Session|FletAppManager)__\w")
INSIDES = re.compile(r"^\s*(?:from|import)\s+uvicorn\.protocols|flet_web\.fastapi\.flet_app_manager",
                     re.M)


def test_only_the_seam_reaches_into_flet_and_uvicorn():
    """No other module of the project (tests included) reads a name-mangled attribute or
    imports uvicorn's protocol classes or Flet's session manager."""
    seam = REPO / "companion" / "flet_seam.py"
    here = Path(__file__).resolve()
    found = []
    for folder in ("companion", "views", "rules", "tests", "build", "examples"):
        for path in (REPO / folder).rglob("*.py"):
            if path in (seam, here):
                continue
            text = path.read_text(encoding="utf-8")
            for pattern in (MANGLED, INSIDES):
                found += [f"{path.relative_to(REPO)}: {m.group(0).strip()}"
                          for m in pattern.finditer(text)]
    assert not found, "reaches past Flet's or uvicorn's API outside companion/flet_seam.py:\n" \
        + "\n".join(found)


def test_the_guarded_protocols_take_no_name_of_uvicorns():
    """The counted protocols' own names (class or instance) are none of uvicorn's: its
    H11Protocol keeps the server's set of ``connections``, which a first version overwrote."""
    import inspect

    hooks = {"connection_made", "data_received", "handle_websocket_upgrade", "connection_lost",
             "on_response_complete"}  # uvicorn's own hooks, extended through super()
    for mixin, base in ((flet_seam._CountedH11, flet_seam.H11Protocol),
                        (flet_seam._ReleasedWebSocket, flet_seam.WebSocketsSansIOProtocol)):
        source = inspect.getsource(inspect.getmodule(base))
        ours = {n for n in vars(mixin) if not n.startswith("__")} - hooks
        ours |= set(re.findall(r"self\.(_\w+) =", inspect.getsource(mixin)))
        taken = {n for n in ours if hasattr(base, n) or f"self.{n}" in source}
        assert not taken, f"{mixin.__name__} takes uvicorn's {taken}"
