"""Table rows are read under their header: a CSV's lines, a sheet's rows and a document table's `` | `` rows are
sentences of their own, indexed with their header row in every chunk's heading trail, scored and shown with each value
named by its column, and cited at their own line; never glued to each other or to the prose around them."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from engine.encoders import default_embedder_path, load_embedder
from engine.index.chunking import chunk_document
from engine.index.extraction import extract
from engine.index.tables import csv_cells, csv_header, is_header, labelled, pipe_cells
from engine.rag.extractive import extract_answer
from engine.rag.grounding import split_spans
from engine.rag.sources import Source
from engine.rag.table_rows import row_reading, table_rows
from tests.engine.index.index_fakes import minilm_tokenizer

HEADER = "month,category,payee,budgeted_gbp,spent_gbp,note"
ROWS = [
    '2027-01,Housing,Harbourside Building Society,912.40,912.40,"mortgage, fixed until 2029"',
    "2027-01,Utilities,Northern Energy,148.00,171.35,cold snap; meter read 14 Jan",
    "2027-01,Utilities,Yorkshire Water,41.00,41.00,",
    "2027-01,Groceries,various,420.00,398.62,",
    "2027-01,Leisure,Whitby Leisure Centre,38.50,38.50,family swim pass",
    "2027-01,Savings,holiday pot,150.00,150.00,for Pembrokeshire in August",
]


@pytest.fixture(scope="module")
def embedder():
    return load_embedder(default_embedder_path())


def test_header_rows_are_names_and_data_rows_are_not():
    assert is_header(csv_cells(HEADER))
    assert is_header(pipe_cells("2: Date | Item | Category | Cost (£)"))
    assert is_header(pipe_cells("| Crop | Variety | Where |"))
    for row in ROWS:
        assert not is_header(csv_cells(row))
    assert not is_header(pipe_cells("Bank balance at 1 September 2026 | 1874.12"))
    assert not is_header(
        pipe_cells("9: Adult subscription from next season | £45 (agreed at the AGM on 4 June 2027)")
    )
    assert not is_header(["Title only"])
    assert not is_header(
        pipe_cells("Software | AutoCAD Civil 3D, HEC-RAS, Python")
    )  # a list is a value (a CV's skills)
    assert pipe_cells("|---|:--:|") is None and pipe_cells("ls | grep x") == ["ls", "grep x"]
    assert pipe_cells("A sentence with no table in it.") is None


def test_a_row_reads_with_its_column_names_and_quotes_as_csv_does():
    cells = csv_cells(ROWS[0])
    assert cells[-1] == "mortgage, fixed until 2029"
    assert labelled(csv_cells(HEADER), csv_cells(ROWS[2])) == (
        "month: 2027-01; category: Utilities; payee: Yorkshire Water; budgeted_gbp: 41.00; spent_gbp: 41.00"
    )


def test_every_chunk_of_a_csv_carries_its_header_and_whole_rows():
    text = "\n".join([HEADER] + ROWS * 12) + "\n"
    doc = extract(Path("budget.csv"), text.encode())
    assert csv_header(text) == (0, len(HEADER))
    assert doc.pages[0].blocks[0].heading_level == 1
    chunks = chunk_document(doc, minilm_tokenizer(), max_tokens=80, overlap_tokens=16)
    assert len(chunks) > 3
    lines = text.split("\n")
    for c in chunks[1:]:
        assert c.heading == HEADER
        assert c.embedding_text().startswith(HEADER + "\n")
        first = c.text.split("\n", 1)[0]
        assert first == lines[c.line_start - 1], "a chunk opens at a row's start, never mid-row"


def test_a_csv_without_a_header_is_rows_alone():
    text = "\n".join(ROWS) + "\n"
    assert csv_header(text) is None
    assert all(b.heading_level == 0 for b in extract(Path("b.csv"), text.encode()).pages[0].blocks)


def test_a_sheet_header_row_is_a_heading_under_the_sheet_title():
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Budget 2026"
    sheet.append(["Allotment plot 17B - spending 2026"])
    sheet.append(["Date", "Item", "Category", "Cost (£)"])
    sheet.append(["2026-01-14", "Plot rent (annual, council)", "Rent", 68])
    sheet.append(["2026-02-03", "Seed order", "Seeds", 31.45])
    buf = io.BytesIO()
    book.save(buf)
    page = extract(Path("a.xlsx"), buf.getvalue()).pages[0]
    levels = [(page.text[b.start : b.end], b.heading_level) for b in page.blocks]
    assert levels[:3] == [("Budget 2026", 2), ("1: Allotment plot 17B - spending 2026", 3),
                          ("2: Date | Item | Category | Cost (£)", 3)]  # fmt: skip
    assert all(level == 0 for _, level in levels[3:])


def _csv_source(n=1, line_start=8):
    return Source(n, "\n".join(ROWS[1:]) + "\n", "/docs/budget.csv", None, line_start, line_start + 4,
                  heading=HEADER)  # fmt: skip


def test_split_spans_gives_one_span_per_row_and_the_reading_names_columns():
    src = _csv_source()
    spans = split_spans(src)
    assert [sp.text for sp in spans] == ROWS[1:]
    assert row_reading(src, spans[0].start, spans[0].end) == (
        "month: 2027-01; category: Utilities; payee: Northern Energy; budgeted_gbp: 148.00; spent_gbp: 171.35; "
        "note: cold snap; meter read 14 Jan"
    )


def test_the_first_chunk_of_a_csv_takes_its_header_from_its_own_first_line():
    src = Source(1, "\n".join([HEADER] + ROWS[:3]), "/docs/budget.csv", None, 1, 4)
    rows, heads = table_rows(src)
    assert heads == ((0, len(HEADER)),)
    assert rows[1][2].startswith("month: 2027-01; category: Utilities; payee: Northern Energy")


def test_the_extractive_answer_shows_the_row_under_its_header_and_cites_its_line(embedder):
    src = _csv_source()
    ans = extract_answer("How much did we pay Northern Energy in January?", [src], embedder, max_sentences=2)
    first = ans.sentences[0]
    assert first.text.startswith("month: 2027-01; category: Utilities; payee: Northern Energy")
    assert "spent_gbp: 171.35" in ans.text
    assert first.evidence == ROWS[1]  # the citation quotes the row as the file holds it
    assert (first.line_start, first.line_end) == (8, 8)


def test_document_table_rows_are_not_glued_to_the_prose_before_them(embedder):
    text = (
        "3. Treasurer's report\nImran reported the balance below. Subscriptions stay at £6 per household per year.\n"
        "Item | Amount\nBalance at 1 September | £1,246.30\nSubscriptions received | £372.00\n"
        "Donation from the Ship Inn quiz night | £185.00\nBalance at 31 October | £1,758.30\n"
    )
    src = Source(1, text, "/docs/minutes.docx", None, 10, 16)
    spans = [sp.text for sp in split_spans(src)]
    assert "Item | Amount" in spans and "Donation from the Ship Inn quiz night | £185.00" in spans
    ans = extract_answer("How much did the quiz night raise?", [src], embedder, max_sentences=1)
    assert ans.sentences[0].text == "Item: Donation from the Ship Inn quiz night; Amount: £185.00"
    ans = extract_answer("How much are subscriptions per household?", [src], embedder, max_sentences=1)
    assert "|" not in ans.sentences[0].text and "£6 per household" in ans.sentences[0].text


def test_prose_with_a_shell_pipe_is_not_a_table():
    src = Source(1, "Run find . -name core | xargs rm to clean up.\nThen start again.\n", "/docs/notes.txt")
    assert table_rows(src) == ((), ())


@pytest.mark.parametrize("suffix", ["xlsx", "ods"])
def test_a_sheet_passage_reads_rows_under_the_header_its_index_kept(suffix):
    first = Source(1, "Budget 2026\n1: Allotment plot 17B - spending 2026\n2: Date | Item | Category | Cost (£)\n"
                   "3: 2026-01-14 | Plot rent (annual, council) | Rent | 68\n", f"/d/a.{suffix}", 1, 1, 4)  # fmt: skip
    rows, heads = table_rows(first)
    assert len(heads) == 3, "the sheet's name, its title row and its header row are titles, not answers"
    assert [r[2] for r in rows] == [
        "Date: 2026-01-14; Item: Plot rent (annual, council); Category: Rent; Cost (£): 68"
    ]
    later = Source(2, "14: 2026-09-30 | Shed padlock | Equipment | 8.5\n15: TOTAL | | | 213.49\n", "/d/a.xlsx", 1,
                   15, 16, heading="Budget 2026 > 2: Date | Item | Category | Cost (£)")  # fmt: skip
    assert [r[2] for r in table_rows(later)[0]] == [
        "Date: 2026-09-30; Item: Shed padlock; Category: Equipment; Cost (£): 8.5",
        "Date: TOTAL; Cost (£): 213.49",
    ]


def test_a_pdf_tables_rows_read_under_the_header_above_them_and_a_second_header_starts_anew(embedder):
    text = (
        "Electricity\n\nReading date\tReading\tType of reading\n14 Dec 2026\t41,286\tActual\n"
        "13 Mar 2027\t42,318\tActual (your reading)\nCharge\tQuantity\tRate\tAmount\n"
        "Electricity used\t1,032 kWh\t24.86p per kWh\t£256.56\nStanding charge\t90 days\t53.68p per day\t£48.31\n\n"
        "Opening hours\n\nMonday to Thursday\t8.00am to 6.00pm\nFriday\t8.00am to 2.00pm"
    )
    src = Source(1, text, "/docs/bill.pdf", 1, 1, 12)
    rows, heads = table_rows(src)
    assert [text[a:b] for a, b in heads] == [
        "Reading date\tReading\tType of reading",
        "Charge\tQuantity\tRate\tAmount",
    ]
    assert [r[2] for r in rows] == [
        "Reading date: 14 Dec 2026; Reading: 41,286; Type of reading: Actual",
        "Reading date: 13 Mar 2027; Reading: 42,318; Type of reading: Actual (your reading)",
        "Charge: Electricity used; Quantity: 1,032 kWh; Rate: 24.86p per kWh; Amount: £256.56",
        "Charge: Standing charge; Quantity: 90 days; Rate: 53.68p per day; Amount: £48.31",
        "Monday to Thursday | 8.00am to 6.00pm",  # a row with a figure is no header
        "Friday | 8.00am to 2.00pm",
    ]
    ans = extract_answer(
        "What is the daily standing charge for electricity?", [src], embedder, max_sentences=1
    )
    assert ans.sentences[0].text == rows[3][2]
    assert (ans.citations[0].line_start, ans.citations[0].line_end) == (
        7,
        7,
    )  # a PDF page counts no blank line


def test_a_latex_tabulars_rows_read_under_its_header_with_markup_read():
    text = (
        "\\begin{tabular}{llr}\n  \\toprule\n  Date & Satellite & Cloud over area \\\\\n  \\midrule\n"
        "  2019-07-25 & Landsat 8 & 0.4\\% \\\\\n  2023-06-12 & \\textbf{Landsat 9} & 8.5\\% \\\\ \\bottomrule\n"
        "\\end{tabular}\nThe scenes were taken at 10:55 local time \\& cloud-free.\n"
    )
    src = Source(1, text, "/docs/chapter3.tex", None, 50, 57)
    rows, heads = table_rows(src)
    assert [text[a:b] for a, b in heads] == [
        "\\toprule",
        "Date & Satellite & Cloud over area \\\\",
        "\\midrule",
    ]
    assert [r[2] for r in rows] == [
        "Date: 2019-07-25; Satellite: Landsat 8; Cloud over area: 0.4%",
        "Date: 2023-06-12; Satellite: Landsat 9; Cloud over area: 8.5%",
    ]
    spans = [sp.text for sp in split_spans(src)]
    assert "2019-07-25 & Landsat 8 & 0.4\\% \\\\" in spans
    assert table_rows(Source(1, "Fish & chips are sold here.\\\\\n", "/docs/x.txt")) == ((), ())


COMPOSE = """services:
  # --- Jellyfin: films and TV ---
  jellyfin:
    image: jellyfin/jellyfin:10
    # unless-stopped: comes back after a reboot, but stays down if I stop it myself.
    restart: unless-stopped
    volumes:
      - ./jellyfin/config:/config
      - /srv/media:/media:ro
      - /srv/music:/music:ro
      - /srv/books:/books:ro
      - /srv/photos:/photos:ro
  pihole:
    # always: restarts even after I stop it by hand.
    restart: always
    ports:
      - "53:53/tcp"
      - "8081:80/tcp"   # admin page
  kuma:
    image: louislam/uptime-kuma:1
"""


def test_a_settings_file_is_read_setting_by_setting_under_its_keys():
    """Each setting is a row read under the keys it sits under, with the comment right above it; a small object's
    settings are one row (when the passage holds all of them); a line that opens an object names, it does not
    answer."""
    src = Source(1, COMPOSE, "/srv/larder/docker-compose.yml", None, 1, 20)
    rows, heads = table_rows(src)
    read = {COMPOSE[a:b]: r for a, b, r in rows}
    always = "# always: restarts even after I stop it by hand.\n    restart: always"
    assert (
        read[always]
        == "services › pihole: `restart: always` (always: restarts even after I stop it by hand.)"
    )
    assert read['- "53:53/tcp"\n      - "8081:80/tcp"   # admin page'] == (
        'services › pihole › ports: `- "53:53/tcp" - "8081:80/tcp"   # admin page`'
    )
    assert (
        read["- /srv/media:/media:ro"] == "services › jellyfin › volumes: `- /srv/media:/media:ro`"
    )  # 5: apart
    opening = {COMPOSE[a:b] for a, b in heads}
    assert {"services:", "jellyfin:", "pihole:", "volumes:", "ports:"} <= opening
    assert (
        "# --- Jellyfin: films and TV ---" not in read
    )  # a comment over an object stays a sentence of its own
    assert "# --- Jellyfin: films and TV ---" in {sp.text for sp in split_spans(src)}
    # a passage that opens inside the file (at a word: its first line's indentation is not in its text) is read
    # from the path the index kept as its heading
    tail = COMPOSE[COMPOSE.index("- /srv/photos") :]
    trail = "services > jellyfin > volumes"
    inside = Source(1, tail, "/srv/larder/docker-compose.yml", None, 12, 20, heading=trail)
    read = {tail[a:b]: r for a, b, r in table_rows(inside)[0]}
    assert read["- /srv/photos:/photos:ro"] == "services › jellyfin › volumes: `- /srv/photos:/photos:ro`"
    assert read[always].startswith("services › pihole: `restart: always`")


def test_the_answer_from_a_settings_file_names_what_the_setting_belongs_to(embedder):
    src = Source(1, COMPOSE, "/srv/larder/docker-compose.yml", None, 1, 20)
    ans = extract_answer(
        "Which container comes back even after I stop it myself?", [src], embedder, max_sentences=2
    )
    shown = [s.text for s in ans.sentences]
    assert "services › pihole: `restart: always` (always: restarts even after I stop it by hand.)" in shown
    assert "``" not in ans.text  # the setting is in ticks once, its path outside them
    pihole = next(s for s in ans.sentences if "pihole" in s.text)
    assert (pihole.line_start, pihole.line_end) == (
        14,
        15,
    )  # the comment and the setting, as the file holds them


HTML_PAGE = """<html><body><article><h2>How last winter went</h2>
<table>
  <thead><tr><th>Variety</th><th>Plants kept</th><th>Survived</th><th>Notes</th></tr></thead>
  <tbody>
    <tr><td>Rocoto</td><td>2</td><td>2</td><td>Now in their third year</td></tr>
    <tr><td>Padr&oacute;n</td><td>2</td><td>0</td><td>Both rotted at the base<br>in January: overwatered</td></tr>
    <tr><td>Aji</td><td></td><td>3</td><td>First pods 24 June</td></tr>
  </tbody>
</table>
<table class="layout"><tr><td><p>A paragraph laid out in a cell.</p><p>Another one.</p></td><td>Side</td></tr></table>
<p>So seven of the nine came through.</p></article></body></html>
"""


def test_an_html_table_row_is_one_line_read_under_its_header(tmp_path):
    """A saved web page's table: each row one line, its cells apart by " | " (an empty cell keeps its place), read
    under the header row and cited at its own source line; a cell holding paragraphs (a table used for layout)
    breaks into blocks as before."""
    path = tmp_path / "chillies.html"
    path.write_text(HTML_PAGE, encoding="utf-8")
    page = extract(path, path.read_bytes()).pages[0]
    lines = page.text.split("\n\n")
    assert "Variety | Plants kept | Survived | Notes" in lines
    assert "Padrón | 2 | 0 | Both rotted at the base in January: overwatered" in lines
    assert "Aji |  | 3 | First pods 24 June" in lines
    assert "A paragraph laid out in a cell." in lines and "Another one." in lines
    padron = page.text.index("Padrón")
    assert page.locate(padron)[0] == 6  # the row's own line in the file
    src = Source(1, page.text, str(path), None, 1, 12)
    rows = {r for _, _, r in table_rows(src)[0]}
    assert (
        "Variety: Padrón; Plants kept: 2; Survived: 0; Notes: Both rotted at the base in January: overwatered"
        in rows
    )


def test_a_markdown_tables_header_is_the_row_over_its_rule_whatever_it_holds():
    text = "Plan\n\n| Bed | 2026 | 2027 |\n|---|---|---|\n| A | roots | legumes |\n| C | brassicas | roots and onions |\n"
    rows, heads = table_rows(Source(1, text, "/vault/Plot plan.md"))
    assert [r for _, _, r in rows] == ["Bed: A; 2026: roots; 2027: legumes",
                                       "Bed: C; 2026: brassicas; 2027: roots and onions"]  # fmt: skip
    assert [text[a:b] for a, b in heads] == ["| Bed | 2026 | 2027 |", "|---|---|---|"]


def test_a_list_of_parameters_is_no_table_header():
    """gtk-doc's parameter tables ("style: | the XSLT stylesheet") have no header row: their first row names a
    parameter, it does not name columns."""
    text = "Parameters\nstyle: | the XSLT stylesheet\ninst: | the instruction in the stylesheet\nReturns: | a data structure\n"
    rows, heads = table_rows(Source(1, text, "/doc/libxslt-preproc.html"))
    assert heads == ()
    assert [r for _, _, r in rows] == [
        "style: | the XSLT stylesheet", "inst: | the instruction in the stylesheet", "Returns: | a data structure",
    ]  # fmt: skip


def test_a_setting_holding_a_backtick_stays_one_code_span():
    text = "[hooks]\n# run after each sync\npost = echo `date` >> sync.log\n"
    rows, heads = table_rows(Source(1, text, "/home/me/.config/sync.ini"))
    assert rows[0][2] == "hooks: `` post = echo `date` >> sync.log `` (run after each sync)"
    assert [text[a:b] for a, b in heads] == ["[hooks]"]


ORG = """* Key dates
| What                  | When            | Notes                        |
|-----------------------+-----------------+------------------------------|
| Exchange of contracts | Fri 16 Jul 2027 | deposit of £34,500 day before |
| Completion            | Fri 30 Jul 2027 | keys after 1pm               |

** TODO Packing materials
   - [X] 40 medium boxes
   - [ ] 3 rolls of bubble wrap
"""


def test_an_org_table_reads_under_its_header_and_a_task_box_in_words():
    """Org's tables are Markdown's with "+" where the separator's columns meet; its check boxes, and Markdown's,
    are read as what they mean ("still to do: 3 rolls of bubble wrap"), so a question about what is left finds
    the open items."""
    from engine.rag.reading import reading

    src = Source(1, ORG, "/notes/move.org", line_start=1, line_end=ORG.count("\n"))
    rows, heads = table_rows(src)
    assert [r for _, _, r in rows] == [
        "What: Exchange of contracts; When: Fri 16 Jul 2027; Notes: deposit of £34,500 day before",
        "What: Completion; When: Fri 30 Jul 2027; Notes: keys after 1pm",
    ]
    assert len(heads) == 2  # the header and its |---+---| line
    assert table_rows(Source(1, ORG, "/notes/move.txt", line_start=1, line_end=9)) == (
        (),
        (),
    )  # a plain text file
    readings = {reading(sp) for sp in split_spans(src)}
    assert any(r.endswith("still to do: 3 rolls of bubble wrap") for r in readings)
    assert any(r.endswith("done: 40 medium boxes") for r in readings)


def test_a_markdown_cell_in_emphasis_reads_without_its_marks():
    from engine.rag.table_rows import table_rows

    text = "| Part | Cost |\n|---|---:|\n| Dial cord | £3.40 |\n| **Total** | **£41.50** |"
    src = Source(1, text, "/d/post.md", line_start=1, line_end=4)
    readings = [r for _, _, r in table_rows(src)[0]]
    assert readings == ["Part: Dial cord; Cost: £3.40", "Part: Total; Cost: £41.50"]


def test_a_wide_row_is_also_measured_on_the_columns_the_question_names():
    """The gate reads a row under its header; a question about one column of a wide row ("What is Lily-Rose working
    towards?") is also measured against the row's first cell and that column (held-out 26's Numbers sheet)."""
    from engine.rag.abstain import named_columns

    row = ("Pupil: Lily-Rose Carver; Parent or carer: Dan Carver; Day: Tuesday; Time: 17:00; Rate: £17.00; "
           "Working towards: Prep Test")  # fmt: skip
    assert (
        named_columns("What is Lily-Rose working towards?", row)
        == "Pupil: Lily-Rose Carver; Working towards: Prep Test"
    )
    assert named_columns("Who teaches on a Tuesday?", row) is None  # no column named
    assert (
        named_columns("What time is it?", "Time: 17:00; Day: Tuesday") is None
    )  # two cells: the row is short
