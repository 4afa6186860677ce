"""gt check's documents for CI hold whatever names a folder has (issue 30): a file name that is not
UTF-8 is no exit 3 in SARIF, and JUnit stays well-formed XML for it and for U+FFFE and U+FFFF."""

from __future__ import annotations

import json
import os
import shutil
import xml.dom.minidom

import pytest

from tests.conftest import SCENARIOS
from tests.races import gt

NAMES = [b"caf\xe9.gtl", "u\ufffe.gtl".encode(), "v\uffff.gtl".encode(), b"new\nline.gtl"]


@pytest.fixture
def strange(tmp_path):
    folder = tmp_path / "logs"
    folder.mkdir()
    for name in NAMES:
        shutil.copy(SCENARIOS / "rules" / "T2.gtl", os.fsencode(folder) + b"/" + name)
    return tmp_path


@pytest.mark.skipif(os.name != "posix", reason="byte file names of POSIX")
@pytest.mark.parametrize("where", ["relative", "absolute"])
def test_sarif_and_junit_of_strange_file_names(strange, where, monkeypatch):
    monkeypatch.chdir(strange)
    folder = "logs" if where == "relative" else str(strange / "logs")
    sarif = gt("check", folder, "--format", "sarif")
    assert sarif.returncode == 1, sarif.stderr
    results = json.loads(sarif.stdout)["runs"][0]["results"]
    uris = sorted({r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].rsplit("/", 1)[-1]
                   for r in results})
    assert uris == ["caf%E9.gtl", "new%0Aline.gtl", "u%EF%BF%BE.gtl", "v%EF%BF%BF.gtl"]  # the names' own bytes
    junit = gt("check", folder, "--format", "junit")
    assert junit.returncode == 1, junit.stderr
    document = xml.dom.minidom.parseString(junit.stdout.encode("utf-8"))  # well-formed, or this raises
    suites = sorted(s.getAttribute("name").rsplit("/", 1)[-1] for s in document.getElementsByTagName("testsuite"))
    assert suites == ["caf\\xe9.gtl", "new\\nline.gtl", "u\\ufffe.gtl", "v\\uffff.gtl"]
