"""The ruling lab (issue 26): a static page that runs the engine itself in the browser (Pyodide), to build a
battle from the card library, play it decision by decision, branch, and share it as a link.

`engine.lab.core` is the lab's logic (tested by pytest, run by the page); `engine.lab.site` builds the static
site (`python -m engine lab [--out DIR] [--serve PORT]`).
"""
