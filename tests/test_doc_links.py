"""The project's own documents link to files and sections that exist: a clone must make sense on its own."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCE = re.compile(r"```.*?```", re.S)


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(document: Path) -> set[str]:
    text = FENCE.sub("", document.read_text())
    return {slug(line.lstrip("#")) for line in text.splitlines() if line.startswith("#")}


def broken_links(document: Path) -> list[str]:
    broken = []
    for target in LINK.findall(FENCE.sub("", document.read_text())):
        if re.match(r"[a-z]+:", target):  # https:, mailto:: not ours to check offline
            continue
        path, _, anchor = target.partition("#")
        linked = (document.parent / path).resolve() if path else document
        if not linked.exists() or (anchor and linked.suffix == ".md" and anchor not in anchors(linked)):
            broken.append(target)
    return broken


def test_the_documents_links_resolve() -> None:
    assert len(DOCUMENTS) > 5
    assert {str(d.relative_to(ROOT)): broken_links(d) for d in DOCUMENTS if broken_links(d)} == {}


def test_a_broken_link_is_found(tmp_path: Path) -> None:
    (tmp_path / "there.md").write_text("# A heading, with words\n")
    page = tmp_path / "page.md"
    page.write_text("[ok](there.md) [ok](there.md#a-heading-with-words) [gone](missing.md) "
                    "[no such part](there.md#elsewhere) [web](https://example.org/x.md)\n```\n[code](nowhere.md)\n```\n")
    assert broken_links(page) == ["missing.md", "there.md#elsewhere"]
