"""The browser harness itself: a known page is measured, drawn and printed as expected."""

from pathlib import Path

from tests import browser


def test_measure_reads_the_laid_out_boxes(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text('<!doctype html><html><body><div id="box" style="width:123px;height:45px">x</div>'
                    '</body></html>', encoding="utf-8")
    box = browser.measure(page, 'var r = document.getElementById("box").getBoundingClientRect();'
                                ' return [r.width, r.height];')
    assert box == [123, 45]
    assert "gt-browser-probe" not in page.read_text(encoding="utf-8")  # the page itself is untouched


def test_a_blank_page_has_no_ink_and_a_drawn_one_has(tmp_path: Path) -> None:
    blank, drawn = tmp_path / "blank.html", tmp_path / "drawn.html"
    blank.write_text("<!doctype html><html><body></body></html>", encoding="utf-8")
    drawn.write_text('<!doctype html><html><body><div style="width:200px;height:100px;background:#000">'
                     "</div></body></html>", encoding="utf-8")
    assert browser.ink_fraction(browser.screenshot(blank, tmp_path / "blank.png", 400, 300)) == 0
    ink = browser.ink_fraction(browser.screenshot(drawn, tmp_path / "drawn.png", 400, 300))
    assert abs(ink - (200 * 100) / (400 * 300)) < 0.01


def test_print_to_pdf_counts_pages(tmp_path: Path) -> None:
    page = tmp_path / "two.html"
    page.write_text('<!doctype html><html><body><p>one</p><p style="break-before:page">two</p></body></html>',
                    encoding="utf-8")
    assert browser.pdf_pages(browser.print_pdf(page, tmp_path / "two.pdf")) == 2
