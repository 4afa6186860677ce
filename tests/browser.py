"""Look at HTML output the way people do: in a real headless Chromium.

The HTML that gt writes (card sheets, scoresheets) needs no JavaScript; these helpers only
*look* at it. ``measure`` copies the page, appends a small probe script that reads element
boxes in the rendered layout and writes them into the DOM as JSON, and reads that back
from ``--dump-dom``; ``screenshot`` and ``print_pdf`` render the page as a person would
see or print it. No Python browser driver is needed: the Chromium binary is enough.

Tests call :func:`chromium_or_skip`, which skips them with a reason when Chromium is not
installed (``.ci/run`` installs Debian's ``chromium`` package where it can).
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

import pytest

# What the machine's closed network and a root user need (see .ci/run).
FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--hide-scrollbars", "--mute-audio", "--allow-file-access-from-files",
)
TIMEOUT = 60


def find_chromium() -> str | None:
    """The Chromium binary: ``$GT_CHROMIUM``, else the first of the usual names on PATH."""
    explicit = os.environ.get("GT_CHROMIUM")
    if explicit:
        return explicit if Path(explicit).exists() else None
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def chromium_or_skip() -> str:
    found = find_chromium()
    if found is None:
        pytest.skip("headless Chromium is not installed (Debian: apt-get install chromium; "
                    "or set GT_CHROMIUM): the page cannot be looked at in a real browser")
    return found


def _run(args: list[str], user_data: str) -> str:
    binary = chromium_or_skip()
    proc = subprocess.run([binary, *FLAGS, f"--user-data-dir={user_data}", *args],
                          capture_output=True, text=True, timeout=TIMEOUT)
    if proc.returncode != 0:
        raise AssertionError(f"chromium exited {proc.returncode}: {proc.stderr[-2000:]}")
    return proc.stdout


PROBE_ID = "gt-browser-probe"


MIN_WINDOW = 500  # headless Chromium lays a page out at least this wide, whatever --window-size says


def measure(html: Path, script: str, width: int = 1200, height: int = 1600) -> object:
    """Run ``script`` (a JS function body returning JSON-able data) in the laid-out page.

    The page itself is not changed: a copy with the probe appended is loaded. Below
    :data:`MIN_WINDOW` (a phone's width), that copy is laid out in a frame of ``width``.
    """
    text = Path(html).read_text(encoding="utf-8")
    probe = (f'<script>(function(){{var out; try {{ out = (function(){{ {script} }})(); }}'
             f' catch (e) {{ out = {{"probe_error": String(e)}}; }}'
             f' var pre = document.createElement("pre"); pre.id = "{PROBE_ID}";'
             f' pre.textContent = JSON.stringify(out); document.body.appendChild(pre); }})();</script>')
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "page.html"
        copy.write_text(text.replace("</body>", probe + "</body>") if "</body>" in text else text + probe,
                        encoding="utf-8")
        shown, window = copy, width
        if width < MIN_WINDOW:  # the probe runs in the frame; its answer is copied out for --dump-dom
            shown, window = Path(tmp) / "frame.html", MIN_WINDOW + 100
            shown.write_text(
                f'<!doctype html><html><body style="margin:0"><iframe id="framed" src="{copy.as_uri()}" '
                f'style="border:0;width:{width}px;height:{height}px"></iframe><script>'
                f'document.getElementById("framed").onload = function () {{'
                f' var found = this.contentDocument.getElementById("{PROBE_ID}");'
                f' var pre = document.createElement("pre"); pre.id = "{PROBE_ID}";'
                f' pre.textContent = found ? found.textContent : \'{{"probe_error": "no answer from the frame"}}\';'
                f' document.body.appendChild(pre); }};</script></body></html>', encoding="utf-8")
        dom = _run([f"--window-size={window},{height}", "--virtual-time-budget=5000", "--dump-dom",
                    shown.as_uri()], str(Path(tmp) / "profile"))
    return _probe_result(dom)


def _probe_result(dom: str) -> object:
    marker = f'<pre id="{PROBE_ID}">'
    start = dom.rfind(marker)
    if start < 0:
        raise AssertionError("the probe did not run: is the page valid HTML?")
    end = dom.index("</pre>", start)
    import html as html_lib

    data = json.loads(html_lib.unescape(dom[start + len(marker):end]))
    if isinstance(data, dict) and "probe_error" in data:
        raise AssertionError(f"probe failed: {data['probe_error']}")
    return data


def screenshot(html: Path, png: Path, width: int = 1200, height: int = 1600) -> Path:
    with tempfile.TemporaryDirectory() as tmp:
        # every compositor stage (each tile rastered) before the frame is drawn and captured: without it,
        # on a loaded machine, the bottom rows of a shot could be left blank (the same file drawn twice
        # differed in one of two shots at six Chromiums at once)
        _run([f"--window-size={width},{height}", f"--screenshot={png}", "--virtual-time-budget=5000",
              "--run-all-compositor-stages-before-draw", Path(html).resolve().as_uri()], str(Path(tmp) / "profile"))
    if not Path(png).exists():
        raise AssertionError("chromium wrote no screenshot")
    return Path(png)


def print_pdf(html: Path, pdf: Path) -> Path:
    with tempfile.TemporaryDirectory() as tmp:
        _run([f"--print-to-pdf={pdf}", "--no-pdf-header-footer", "--virtual-time-budget=5000",
              Path(html).resolve().as_uri()], str(Path(tmp) / "profile"))
    if not Path(pdf).exists():
        raise AssertionError("chromium wrote no PDF")
    return Path(pdf)


def pdf_pages(pdf: Path) -> int:
    """Pages in a PDF Chromium printed (counts its /Type /Page objects)."""
    data = Path(pdf).read_bytes()
    return data.count(b"/Type /Page") - data.count(b"/Type /Pages")


# ---- a tiny PNG reader, to tell a blank page from a drawn one -----------------------------------

def png_pixels(png: Path) -> tuple[int, int, list[bytes]]:
    """(width, height, rows of raw RGB(A) bytes) of an 8-bit, non-interlaced PNG."""
    data = Path(png).read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise AssertionError(f"{png} is not a PNG")
    pos, idat, width = 8, b"", 0
    height = depth = colour = interlace = 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    if depth != 8 or colour not in (2, 6) or interlace:
        raise AssertionError(f"unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows: list[bytes] = []
    prev = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + b) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 0xFF
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        rows.append(bytes(line))
        prev = line
    return width, height, rows


def ink_fraction(png: Path) -> float:
    """Share of pixels that differ from the page's most common colour: 0.0 is a blank page."""
    from collections import Counter

    width, height, rows = png_pixels(png)
    bpp = len(rows[0]) // width if rows else 3
    colours = Counter(row[x:x + 3] for row in rows for x in range(0, len(row), bpp))
    background = colours.most_common(1)[0][1] if colours else 0
    return 1 - background / max(1, width * height)


# ---- a live page: Chromium driven over its DevTools pipe ------------------------------------------------

_ONTO_3_AND_4 = """
import fcntl, os, sys
high = [fcntl.fcntl(int(fd), fcntl.F_DUPFD, 10) for fd in sys.argv[1:3]]
os.dup2(high[0], 3)
os.dup2(high[1], 4)
os.execv(sys.argv[3], sys.argv[3:])
"""


class Live:
    """A headless Chromium kept open on one page, driven through the DevTools protocol over
    ``--remote-debugging-pipe`` (fds 3 and 4: JSON messages ended by a NUL byte), so a test can
    watch a served page change without reloading it. Standard library only, as the rest of
    this module. Use as a context manager; :meth:`evaluate` runs JavaScript in the page.
    """

    def __init__(self, width: int = 1200, height: int = 900, javascript: bool = True) -> None:
        binary = chromium_or_skip()
        self._tmp = tempfile.TemporaryDirectory(ignore_cleanup_errors=True)  # a helper may still be writing
        commands, self._to_browser = os.pipe()
        self._from_browser, answers = os.pipe()
        # a small Python puts the two pipe ends on fds 3 and 4, where Chromium looks for them, and
        # becomes Chromium (no preexec_fn: the test process may run threads; no shell: dash takes
        # no descriptor above 9)
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _ONTO_3_AND_4, str(commands), str(answers), binary, *FLAGS,
             "--remote-debugging-pipe", f"--user-data-dir={Path(self._tmp.name) / 'profile'}",
             f"--window-size={max(width, MIN_WINDOW)},{height}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(commands, answers))
        os.close(commands)
        os.close(answers)
        self._buffer = b""
        self._next = 0
        self.events: list[dict] = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Emulation.setDeviceMetricsOverride", session=True, width=width, height=height,
                  deviceScaleFactor=1, mobile=width < MIN_WINDOW)
        if not javascript:
            self.call("Emulation.setScriptExecutionDisabled", session=True, value=True)

    def __enter__(self) -> "Live":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """Close the browser as a person would (its profile written and its helpers gone), else end it."""
        try:
            self.call("Browser.close")
        except (AssertionError, OSError):
            pass
        try:
            os.close(self._to_browser)
        except OSError:
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._from_browser)
        self._tmp.cleanup()

    def _read_message(self, deadline: float) -> dict:
        import select
        import time

        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._from_browser], [], [], left)[0]:
                raise AssertionError("Chromium did not answer over its DevTools pipe")
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                raise AssertionError("Chromium closed its DevTools pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method: str, session: bool = False, **params: object) -> dict:
        """Send one DevTools command and wait for its answer (events met meanwhile are kept in ``events``)."""
        import time

        self._next += 1
        message = {"id": self._next, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(message).encode("utf-8") + b"\0")
        deadline = time.monotonic() + TIMEOUT
        while True:
            answer = self._read_message(deadline)
            if answer.get("id") == self._next:
                if "error" in answer:
                    raise AssertionError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def open(self, url: str) -> None:
        """Go to ``url`` and wait until the page has loaded."""
        self.call("Page.navigate", session=True, url=url)
        self.wait_for("document.readyState === 'complete' && location.href === " + json.dumps(url))

    def reload(self) -> None:
        self.evaluate("window.__gtReloading = true")
        self.call("Page.reload", session=True)
        self.wait_for("document.readyState === 'complete' && !window.__gtReloading")

    def evaluate(self, expression: str) -> object:
        result = self.call("Runtime.evaluate", session=True, expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise AssertionError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, png: Path) -> Path:
        import base64

        Path(png).write_bytes(base64.b64decode(self.call("Page.captureScreenshot", session=True, format="png")["data"]))
        return Path(png)

    def wait_for(self, expression: str, timeout: float = TIMEOUT, every: float = 0.02) -> float:
        """Poll ``expression`` until it is true; the seconds it took (AssertionError after ``timeout``)."""
        import time

        start = time.monotonic()
        while not self.evaluate(expression):
            if time.monotonic() - start > timeout:
                raise AssertionError(f"never true within {timeout} s: {expression}")
            time.sleep(every)
        return time.monotonic() - start
