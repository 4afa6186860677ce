"""The manifest of a big folder is read back (a club site of 10,000 games lists 20,015 pages in
about 2.4 MB: past the 2 MB a JSON file from outside may have, within the manifest's own limit).
A manifest read as absent would leave the second run refusing the folder it wrote itself."""

from __future__ import annotations

import hashlib
import json

from gtcli.core.files.reading import MAX_FILE_BYTES
from gtcli.core.files.written import MANIFEST, WrittenFolder


def test_a_manifest_bigger_than_an_ordinary_json_file_is_read_back(tmp_path):
    files = {f"games/game-{n:05d}.html": hashlib.sha256(str(n).encode()).hexdigest() for n in range(30_000)}
    text = json.dumps({"format": 1, "written_by": "gt", "files": files}, indent=0) + "\n"
    assert len(text) > MAX_FILE_BYTES
    (tmp_path / MANIFEST).write_text(text, encoding="utf-8")
    found = WrittenFolder(tmp_path, "site", allowed=lambda name: True)._read()
    assert found is not None and found["files"] == files
