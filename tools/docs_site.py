"""MkDocs hooks of the documentation site (mkdocs.yml): what the site holds beyond docs/*.md, made at build time.

- The home page: README.md itself, its links made the site's (docs/index.md holds the marker it replaces).
- The state diagram, `diagrams/damage_step.svg`, as `damage_step.svg` (the README's picture, the same file).
- The rulings gallery (tools/gallery.py): one page per sourced case of tests/rules/, and its index.
- The navigation: mkdocs.yml's `nav` lists the guides; a page of docs/ it does not list (a new one) is added under
  "More pages", so that no page is left out of the navigation.
- The ruling lab (`python -m engine lab`), built into the site's `lab/`, where the gallery's links open each case.
  Building it needs Pyodide, fetched once with npm (then cached): where npm is absent and nothing is cached, the
  site is built without the lab, saying so (`python -m engine lab --serve 8000` serves one apart).
"""

from __future__ import annotations

import logging
import os
import shutil
import sys
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # mkdocs loads this file by its path: the checkout's `tools` and `engine` come first
    sys.path.insert(0, str(ROOT))

from tools import gallery  # noqa: E402

log = logging.getLogger("mkdocs.plugins.engine")
DIAGRAM = ROOT / "diagrams" / "damage_step.svg"
MORE = "More pages"
LAB = "lab"  # the lab's folder in the site


def _lab_from(page_uri: str, config: MkDocsConfig) -> str:
    """The lab's address relative to a page of the site (its URL's depth below the root)."""
    depth = page_uri.count("/") + (1 if config.use_directory_urls and not page_uri.endswith("index.md") else 0)
    return "../" * depth + LAB + "/"


def on_files(files: Files, config: MkDocsConfig) -> Files:
    files.append(File.generated(config, "damage_step.svg", abs_src_path=str(DIAGRAM)))
    cases = gallery.load()
    log.info(f"rulings gallery: {len(cases)} cases")
    _replace(files, config, "gallery.md", gallery.MARKER, gallery.index(cases))
    for case in cases:
        files.append(File.generated(config, case.page, content=gallery.page(case, _lab_from(case.page, config))))
    _replace(files, config, "index.md", README_MARKER, readme())
    return files


README_MARKER = "<!-- the README: tools/docs_site.py puts README.md here at build time, its links made the site's -->"


def readme() -> str:
    """README.md as the site's home page: its links into docs/ and to the diagram made the site's own."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    text = text.replace("](docs/", "](").replace("](diagrams/damage_step.svg)", "](damage_step.svg)")
    return text


def _replace(files: Files, config: MkDocsConfig, src_uri: str, marker: str, content: str) -> None:
    """Replace a page of docs/ by its text with `content` in place of its `marker` (which it must hold once)."""
    page = files.get_file_from_path(src_uri)
    if page is None or page.content_string.count(marker) != 1:
        raise RuntimeError(f"docs/{src_uri} must hold the marker {marker!r} once")
    files.remove(page)
    files.append(File.generated(config, src_uri, content=page.content_string.replace(marker, content)))


def on_nav(nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
    """Pages of docs/ that mkdocs.yml's nav does not list go under "More pages" (the gallery's case pages are
    reached from its index)."""
    listed = {p.file.src_uri for p in nav.pages}
    more = [f for f in files.documentation_pages() if f.src_uri not in listed
            and not f.src_uri.startswith(gallery.FOLDER + "/")]  # fmt: skip
    pages = [f.page for f in sorted(more, key=lambda f: f.src_uri) if isinstance(f.page, Page)]
    if pages:
        section = Section(MORE, list(pages))
        for page in pages:
            page.parent = section
        nav.items.append(section)
        nav.pages.extend(pages)
    return nav


def on_post_build(config: MkDocsConfig, **kwargs: Any) -> None:
    from engine.lab import site

    cached = (site.cache_dir() / f"pyodide-{site.PYODIDE_VERSION}").is_dir()
    if not cached and shutil.which("npm") is None and os.environ.get("ENGINE_TEST_TOOLS") != "required":
        log.info("the ruling lab is not in the site: npm is needed once to fetch Pyodide (apt-get install npm); "
                 "the gallery's links open the lab at lab/ (python -m engine lab --serve 8000 serves one)")  # fmt: skip
        return
    site.build(Path(config.site_dir) / LAB, progress=log.info)
