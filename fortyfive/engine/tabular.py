"""Tables of plain rows: the engine's own immutable :class:`Table`, with no third-party package.

The score sheets (:mod:`fortyfive.engine.score_sheet`) and the course's tables are rows of
plain values. A :class:`Table` holds them as they are: Jupyter shows it as an HTML table
(``_repr_html_``), ``print`` as aligned text, and :meth:`Table.to_pandas` hands the same rows to
pandas where a DataFrame is wanted (pandas is the ``lab`` extra's, not the engine's: the core
install and the course in the browser, on Pyodide, have none).

>>> t = Table([{"card": "5♠", "may play": True}, {"card": "K♥", "may play": False}])
>>> t.columns, len(t)
(('card', 'may play'), 2)
>>> print(t)
  card  may play
0   5♠      True
1   K♥     False
>>> t.head(1).records()
[{'card': '5♠', 'may play': True}]
>>> t.column("card")
('5♠', 'K♥')
"""

from __future__ import annotations

import html
from collections.abc import Hashable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    import pandas

#: What a score sheet's cell holds: plain values, shown as they are (None as an empty cell).
Cell = str | int | float | bool | None

#: The type of a table's cells (``object`` for rows of any values, shown as their ``str``).
C_co = TypeVar("C_co", covariant=True)


class Table(Generic[C_co]):
    """Rows of a table (mappings from column to a cell value), immutable once made.

    ``columns`` orders the cells (by default every key of the rows, in the order first seen);
    ``index`` labels the rows (``0, 1, ...`` by default) under the heading ``index_name``.
    """

    __slots__ = ("_columns", "_index", "_index_name", "_rows")

    def __init__(
        self,
        rows: Sequence[Mapping[str, C_co]],
        columns: Sequence[str] | None = None,
        index: Sequence[Hashable] | None = None,
        index_name: str = "",
    ) -> None:
        frozen = tuple(MappingProxyType(dict(r)) for r in rows)
        if columns is None:
            columns = list(dict.fromkeys(k for r in frozen for k in r))
        labels = tuple(index) if index is not None else tuple(range(len(frozen)))
        if len(labels) != len(frozen):
            raise ValueError(f"{len(labels)} index labels for {len(frozen)} rows")
        self._rows: tuple[Mapping[str, C_co], ...] = frozen
        self._columns = tuple(columns)
        self._index: tuple[Hashable, ...] = labels
        self._index_name = index_name

    @property
    def rows(self) -> tuple[Mapping[str, C_co], ...]:
        """The rows, read-only, as given (a column a row lacks is an empty cell)."""
        return self._rows

    @property
    def columns(self) -> tuple[str, ...]:
        """The column names, in display order."""
        return self._columns

    @property
    def index(self) -> tuple[Hashable, ...]:
        """The rows' labels (``0, 1, ...`` unless given)."""
        return self._index

    @property
    def index_name(self) -> str:
        """The heading of the labels' column ("" for none)."""
        return self._index_name

    def __len__(self) -> int:
        return len(self._rows)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Table):
            return NotImplemented
        return (self._columns, self._index, self._index_name, self.records()) == (
            other._columns,
            other._index,
            other._index_name,
            other.records(),
        )

    __hash__ = None  # type: ignore[assignment]  # equal tables need not hash alike: cells vary

    def _slice(self, start: int, stop: int) -> Table[C_co]:
        return Table(
            self._rows[start:stop], self._columns, self._index[start:stop], self._index_name
        )

    def head(self, n: int = 5) -> Table[C_co]:
        """The first ``n`` rows."""
        return self._slice(0, n)

    def tail(self, n: int = 5) -> Table[C_co]:
        """The last ``n`` rows."""
        return self._slice(max(0, len(self._rows) - n), len(self._rows))

    def column(self, name: str) -> tuple[C_co | None, ...]:
        """The cells of column ``name``, top to bottom (None where a row lacks it)."""
        if name not in self._columns:
            raise KeyError(f"no column {name!r}; the columns are {list(self._columns)}")
        return tuple(r.get(name) for r in self._rows)

    def records(self) -> list[dict[str, C_co | None]]:
        """The rows as new dicts of every column (None where a row lacks one)."""
        return [{c: r.get(c) for c in self._columns} for r in self._rows]

    def to_pandas(self) -> pandas.DataFrame:
        """The same rows as a pandas DataFrame (same columns, labels and heading).

        pandas is imported only here: it is the ``lab`` extra's, so a core install says how
        to get it rather than failing on import."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError(
                "Table.to_pandas needs pandas, which the core install leaves out: "
                "pip install pandas (the lab extra of fortyfive holds it)"
            ) from None
        df = pd.DataFrame(self.records(), columns=list(self._columns))
        if self.shows_index:
            df.index = pd.Index(list(self._index), name=self._index_name or None)
        return df

    @staticmethod
    def _text(value: object) -> str:
        return "" if value is None else str(value)

    def to_text(self, index: bool = True) -> str:
        """The table as aligned plain text: the labels (``index``) left-aligned, the cells
        right-aligned under their headings (as ``print`` shows it)."""
        head = [*([self._index_name] if index else []), *self._columns]
        body = [
            [*([str(label)] if index else []), *(self._text(r.get(c)) for c in self._columns)]
            for label, r in zip(self._index, self._rows, strict=True)
        ]
        widths = [max(len(x) for x in col) for col in zip(head, *body, strict=True)]
        return "\n".join(
            " ".join(
                (cell.ljust(w) if index and i == 0 else cell.rjust(w))
                for i, (cell, w) in enumerate(zip(line, widths, strict=True))
            ).rstrip()
            for line in (head, *body)
        )

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return self.to_text()

    @property
    def shows_index(self) -> bool:
        """Whether the rows have labels worth showing (the HTML's label column, the DataFrame's
        index): a named index, or labels other than the row numbers. A table whose rows are only
        numbered has none, so that every header cell says what its column holds (an empty one
        is an accessibility error).

        >>> Table([{"a": 1}]).shows_index, Table([{"a": 1}], index=["x"]).shows_index
        (False, True)
        """
        return bool(self._index_name) or self._index != tuple(range(len(self._rows)))

    def _cell_html(self, column: str, value: object) -> str:
        """One body cell's HTML (a subclass may wrap it)."""
        return f"<td>{html.escape(self._text(value))}</td>"

    def _repr_html_(self) -> str:
        esc = html.escape
        labels = self.shows_index
        head = [self._index_name or "row", *self._columns] if labels else list(self._columns)
        out = ['<table class="dataframe fortyfive-table">', "<thead><tr>"]
        out.extend(f'<th scope="col">{esc(c)}</th>' for c in head)
        out.append("</tr></thead><tbody>")
        for label, row in zip(self._index, self._rows, strict=True):
            cells = "".join(self._cell_html(c, row.get(c)) for c in self._columns)
            th = f'<th scope="row">{esc(str(label))}</th>' if labels else ""
            out.append(f"<tr>{th}{cells}</tr>")
        out.append("</tbody></table>")
        return "".join(out)
