"""The documents stay what a newcomer can read: a short README whose test command is
the one CI runs, no words about how the work was organised, a page per game with the
same headings, and bench/results holding only folders the docs cite, with every link
to them resolving."""

import re
import subprocess
from pathlib import Path

import pytest

from plugins.manager import default_registry

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
RESULTS = ROOT / "bench" / "results"
GAME_HEADINGS = [
    "The goal",
    "A turn",
    "The end",
    "Scoring",
    "Variants",
    "Notation",
    "What was assumed",
]
# A unit of work named by its number (the word, a space, digits), not a game's session.
WORK_UNIT = re.compile(r"\bsessions? \d+", re.IGNORECASE)
LINK = re.compile(r"\]\(([^)\s]+)\)")


def documents() -> list[Path]:
    return [README, *sorted(DOCS.rglob("*.md"))]


def tracked_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    return [ROOT / name for name in listed.decode().split("\0") if name]


def text_of(path: Path) -> str | None:
    """The file's text, or None for a binary file (or one since deleted)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    if b"\0" in data[:8192]:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def test_the_readme_is_short():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 300, f"README.md has {len(lines)} lines, at most 300"


def test_the_readme_gives_the_test_command_ci_runs():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    commands = [line for line in ci if line.startswith("python3.11 -m venv")]
    assert len(commands) == 1, "`.ci/run` runs one install-and-test line"
    readme = README.read_text(encoding="utf-8").splitlines()
    assert commands[0] in readme, "the README's test command differs from .ci/run's"


@pytest.mark.parametrize("name", ["strength.md", "speed.md"])
def test_the_results_pages_are_short(name):
    lines = (DOCS / name).read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 400, f"docs/{name} has {len(lines)} lines, at most 400"


def test_no_tracked_text_names_a_unit_of_work():
    found = []
    for path in tracked_files():
        text = text_of(path)
        if text is None:
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            if WORK_UNIT.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}")
    assert not found, "tie results to a commit or a date:\n" + "\n".join(found)


def test_every_game_has_a_page_with_the_same_headings():
    for name in default_registry().games:
        page = DOCS / "games" / f"{name}.md"
        assert page.exists(), f"no docs/games/{name}.md"
        headings = re.findall(r"^## (.+)$", page.read_text(encoding="utf-8"), re.MULTILINE)
        assert headings == GAME_HEADINGS, f"docs/games/{name}.md has headings {headings}"


def test_every_results_folder_is_cited_and_has_its_readme():
    cited = "\n".join(path.read_text(encoding="utf-8") for path in documents())
    for folder in sorted(p for p in RESULTS.iterdir() if p.is_dir()):
        citation = re.compile(rf"bench/results/{re.escape(folder.name)}(?![\w.-])")
        assert citation.search(cited), f"no document cites bench/results/{folder.name}"
        readme = folder / "README.md"
        assert readme.exists(), f"bench/results/{folder.name} has no README.md"


def test_every_link_to_bench_results_resolves():
    broken = []
    for path in documents():
        for target in LINK.findall(path.read_text(encoding="utf-8")):
            if "bench/results" not in target:
                continue
            if not (path.parent / target.split("#")[0]).exists():
                broken.append(f"{path.relative_to(ROOT)}: {target}")
    assert not broken, "links to nothing:\n" + "\n".join(broken)


def test_no_patch_files_under_bench():
    patches = [
        p.relative_to(ROOT)
        for p in tracked_files()
        if p.suffix == ".patch" and p.relative_to(ROOT).parts[0] == "bench"
    ]
    assert not patches, f"experiments' patches belong to the history: {patches}"
