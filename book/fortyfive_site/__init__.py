"""The course site's builders: the book (:mod:`fortyfive_site.book`), the Lite site
(:mod:`fortyfive_site.lite`) and Pyodide under Node (:mod:`fortyfive_site.pyodide`). They run from
a checkout only (``python -m fortyfive book``, ``lite``, ``bench --pyodide``) and are not in the
wheel."""
