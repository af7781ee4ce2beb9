"""A finished match kept with its games gzipped (games.jsonl.gz, as bench/results keeps
them): read as the same records, refused as a new match's folder, and resumed."""

import gzip
import shutil
import subprocess

from cli.match.store import GamesFile

ARGS = "match pig --variant target20 --entrant a=random --entrant b=greedy --seed 5 --workers 1"


def cadenza(*args):
    exe = shutil.which("cadenza")
    assert exe, "the cadenza console script is not installed"
    return subprocess.run([exe, *ARGS.split(), *args], capture_output=True, text=True, timeout=300)


def test_a_gzipped_games_file_reads_alike_refuses_a_new_match_and_resumes(tmp_path):
    out = tmp_path / "match"
    assert cadenza("--games", "4", "--out", str(out)).returncode == 0
    games = GamesFile(out)
    plain = games.path.read_bytes()
    records = games.load(repair=False)
    games.packed.write_bytes(gzip.compress(plain))
    games.path.unlink()

    assert GamesFile(out).load(repair=False) == records

    again = cadenza("--games", "4", "--out", str(out))
    assert again.returncode != 0 and "already holds a match" in again.stderr
    assert games.packed.exists() and not games.path.exists(), "a refusal changes nothing"

    assert cadenza("--games", "6", "--resume", "--out", str(out)).returncode == 0
    assert not games.packed.exists(), "resuming unpacks the games to append to them"
    lines = games.path.read_bytes().splitlines(keepends=True)
    assert len(lines) == 6 and b"".join(lines[:4]) == plain
