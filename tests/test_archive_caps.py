"""Archives are read within caps: what an entry really inflates to, one budget per upload.

The hostile files are built here, small, by writing the zip by hand: an entry's
compressed bytes repeat one flushed block (deflate) or one frame (Zstandard),
so a 1.5 MB file holds 1.5 GB. Each is read in a fresh Python (the reader, and
``leadorluck compare``) whose peak resident memory (``VmHWM`` in its own
``/proc/self/status`` at exit: ``ru_maxrss`` would carry the forking test
process's size over the exec) must stay under 600 MB, and is refused in one line
naming the file and the limit (exit 2 for the command line). The readers stop
at the cap, so each takes a second or so.
"""

from __future__ import annotations

import json
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
import zstandard
from conftest import ROOT, app_test

from benchstats.items import MAX_ENTRY, load_files, read_run
from benchstats.items._base import Unzipped

MB = 1024 * 1024
PEAK_LIMIT_MB = 600
BLOCK = b" " * MB  # JSON's white space: what a bomb would pad with


def deflate_bomb(megabytes: int) -> bytes:
    """Raw deflate data of ``megabytes`` MB of spaces: one fully flushed block, repeated."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    first = c.compress(BLOCK) + c.flush(zlib.Z_FULL_FLUSH)
    again = c.compress(BLOCK) + c.flush(zlib.Z_FULL_FLUSH)  # the same bytes for each block now
    return first + again * (megabytes - 1) + c.flush()


def zstd_bomb(megabytes: int) -> bytes:
    """Zstandard frames of ``megabytes`` MB of spaces: one frame, repeated."""
    return zstandard.ZstdCompressor(level=19).compress(BLOCK) * megabytes


def entry(name: str, data: bytes, *, method: int = 8, size: int | None = None, crc: int = 0):
    """A zip entry from its compressed bytes; ``size`` and ``crc`` as the zip declares them."""
    if size is None:
        size = len(zlib.decompress(data, -15)) if method == 8 else len(data)
    return name, method, data, size, crc


def plain(name: str, doc: object) -> tuple:
    """An honest deflated JSON entry."""
    raw = json.dumps(doc).encode()
    c = zlib.compressobj(6, zlib.DEFLATED, -15)
    return entry(name, c.compress(raw) + c.flush(), size=len(raw), crc=zlib.crc32(raw))


def zip_of(entries) -> bytes:
    """A zip written by hand, so an entry may declare any size (zipfile would not)."""
    out, central = bytearray(), bytearray()
    for name, method, data, size, crc in entries:
        encoded, offset = name.encode(), len(out)
        fields = (20, 0, method, 0, 0x21, crc, len(data), size, len(encoded), 0)
        out += b"PK\x03\x04" + struct.pack("<HHHHHIIIHH", *fields) + encoded + data
        central += b"PK\x01\x02" + struct.pack("<HHHHHHIIIHHHHHII", 20, *fields, 0, 0, 0, 0, offset)
        central += encoded
    end = struct.pack(
        "<4sHHHHIIH", b"PK\x05\x06", 0, 0, len(entries), len(entries), len(central), len(out), 0
    )
    return bytes(out + central + end)


def samples(score: str, n: int = 20) -> list[tuple]:
    return [
        plain(
            f"samples/{i}_epoch_1.json",
            {"id": i, "epoch": 1, "scores": {"match": {"value": score}}},
        )
        for i in range(n)
    ]


def log(*extra, score: str = "C") -> bytes:
    """An inspect .eval log of 20 samples, with ``extra`` entries."""
    header = (
        ()
        if any(e[0] == "header.json" for e in extra)
        else (plain("header.json", {"eval": {"model": "m"}}),)
    )
    return zip_of([*header, *extra, *samples(score)])


HOSTILE = {
    # the file: header.json inflates to 1.5 GB, and says so
    "header-1.5GB": lambda: log(entry("header.json", deflate_bomb(1536), size=1536 * MB)),
    # it says 60 MB (within the entry cap) and inflates to 1.5 GB
    "header-lies": lambda: log(entry("header.json", deflate_bomb(1536), size=60 * MB)),
    "reductions-1GB": lambda: log(entry("reductions.json", zstd_bomb(1024), method=93, size=1024 * MB)),
    # a sample declaring 100 bytes that inflates to 1 GB, deflate and Zstandard
    "sample-lies-deflate": lambda: zip_of([*samples("C")[1:], entry("samples/0_epoch_1.json", deflate_bomb(1024), size=100)]),
    "sample-lies-zstd": lambda: zip_of([*samples("C")[1:], entry("samples/0_epoch_1.json", zstd_bomb(1024), method=93, size=100)]),
}  # fmt: skip
REFUSED = {
    "header-1.5GB": "header.json of 1,536.0 MB",
    "header-lies": "header.json unzipping past the 60.0 MB the zip declares",
    "reductions-1GB": "reductions.json of 1,024.0 MB",
    "sample-lies-deflate": "samples/0_epoch_1.json unzipping past the 100 bytes the zip declares",
    "sample-lies-zstd": "samples/0_epoch_1.json unzipping past the 100 bytes the zip declares",
}


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("bombs")
    out = {"normal": folder / "normal.eval"}
    out["normal"].write_bytes(log(score="I"))
    for name, build in HOSTILE.items():
        out[name] = folder / f"{name}.eval"
        out[name].write_bytes(build())
    return out


# Run in the child: print its own peak resident memory (kB) last, at exit.
PEAK = (
    "import atexit, sys\n"
    "def _peak():\n"
    "    hwm = next(l for l in open('/proc/self/status') if l.startswith('VmHWM'))\n"
    "    print('PEAK', hwm.split()[1], file=sys.stderr, flush=True)\n"
    "atexit.register(_peak)\n"
)
READ = PEAK + (
    "from benchstats.items import read_run\n"
    "try:\n    read_run(sys.argv[1])\nexcept ValueError as err:\n    print(err)\n    sys.exit(2)\n"
)
COMPARE = PEAK + "from benchstats.cli import main\nsys.exit(main(sys.argv[1:]))\n"


def peak(code: str, *args: str) -> tuple[int, str, float]:
    """Run ``code`` in a fresh Python with ``args``: its exit code, its output, its peak MB."""
    done = subprocess.run(
        [sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True
    )
    out, _, kb = (done.stdout + done.stderr).rpartition("PEAK ")
    return done.returncode, out.strip(), int(kb) / 1024


def test_the_hostile_files_are_small_and_what_they_claim(files):
    assert files["header-1.5GB"].stat().st_size < 2 * MB  # 1.5 GB inflated
    inflated = zlib.decompressobj(-15).decompress(deflate_bomb(4), 10 * MB)
    assert inflated == BLOCK * 4
    assert (
        zstandard.ZstdDecompressor().stream_reader(zstd_bomb(3), read_across_frames=True).read()
        == BLOCK * 3
    )


@pytest.mark.parametrize("name", HOSTILE)
def test_the_reader_stops_at_the_cap(files, name):
    code, out, mb = peak(READ, str(files[name]))
    print(f"{name}: reader peak {mb:.0f} MB")
    assert code == 2, out
    assert out.count("\n") == 0 and out.startswith(f"{name}.eval: expected "), out
    assert REFUSED[name] in out, out
    assert mb < PEAK_LIMIT_MB, f"{name}: {mb:.0f} MB"


@pytest.mark.parametrize("name", HOSTILE)
def test_compare_refuses_a_hostile_log_with_exit_2(files, name):
    code, out, mb = peak(COMPARE, "compare", str(files["normal"]), str(files[name]))
    print(f"{name}: compare peak {mb:.0f} MB")
    assert code == 2, out
    assert REFUSED[name] in out and f"{name}.eval" in out, out
    assert mb < PEAK_LIMIT_MB, f"{name}: {mb:.0f} MB"


def test_the_upload_has_one_budget_for_every_entry_of_every_file(files):
    normal = files["normal"].read_bytes()
    read_run(normal, "a.eval", unzipped=Unzipped())  # alone, it fits
    budget = Unzipped(limit=int(1.5 * declared(normal)))
    read_run(normal, "a.eval", unzipped=budget)
    with pytest.raises(ValueError, match=r"^b\.eval: expected the upload to unzip to at most "):
        read_run(normal, "b.eval", unzipped=budget)  # the second file finds the budget spent


def declared(raw: bytes) -> int:
    import io
    import zipfile

    return sum(i.file_size for i in zipfile.ZipFile(io.BytesIO(raw)).infolist())


def test_header_and_reductions_count_against_the_budget():
    big = {"eval": {"model": "m", "pad": " " * 50_000}}
    raw = log(plain("header.json", big), plain("reductions.json", [{"pad": " " * 50_000}]))
    for limit in (80_000, 40_000):  # header and samples fit 80 kB, the samples 40 kB
        with pytest.raises(ValueError, match="x.eval: expected the upload to unzip to at most"):
            read_run(raw, "x.eval", unzipped=Unzipped(limit=limit))
    read_run(raw, "x.eval", unzipped=Unzipped(limit=120_000))


def test_an_entry_is_capped_by_what_it_really_inflates(files):
    raw = files["sample-lies-zstd"].read_bytes()
    with pytest.raises(ValueError, match="unzipping past the 100 bytes the zip declares"):
        load_files([("a.eval", files["normal"].read_bytes()), ("b.eval", raw)])
    assert MAX_ENTRY == 64 * MB


def test_the_page_says_why_in_one_line(files):
    at = app_test("app_pages/gap-grader.py", timeout=120, mode="file").run()
    given = [(n, files[k].read_bytes(), "application/octet-stream") for n, k in
             (("normal.eval", "normal"), ("bomb.eval", "header-1.5GB"))]  # fmt: skip
    at.file_uploader(key="pq_files").set_value(given).run()
    assert not at.exception
    said = " ".join(e.value for e in at.error).replace("\\", "")  # the Markdown's escapes
    assert "bomb.eval: expected each entry of the log to unzip to at most 64.0 MB" in said, said
