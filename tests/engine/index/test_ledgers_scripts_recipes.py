"""A household's books, a writer's script and a cook's recipes: a Beancount (or Ledger) file read an entry a line in
words (who was paid, how much, between which accounts), a Final Draft ``.fdx`` screenplay read as its script reads
(not its XML and settings), and a Paprika export (a zip of gzip-compressed JSON recipes) read a recipe a page. Each is
made here in its real on-disk form and read through the indexer's own entry point; citations name the file's lines,
or the recipe's page."""

from __future__ import annotations

import gzip
import io
import json
import zipfile

import pytest

from engine.index.document import ExtractError
from engine.index.options import reader_tag
from tests.engine.index.reading_helpers import cited as _cited
from tests.engine.index.reading_helpers import line_of as _line_of
from tests.engine.index.reading_helpers import read_named as _read

LEDGER = """option "title" "Hartley household"
option "operating_currency" "GBP"

* Accounts
; The joint account at Nationwide, opened when we moved
; to Fellside in 2024.
2024-01-01 open Assets:Bank:Joint GBP
  institution: "Nationwide"
2024-01-01 open Assets:Broker:ISA VWRL,GBP

** Energy
2026-03-04 * "Octopus Energy" "Electricity, February" #fellside ^inv-2231
  invoice: "INV-2231"
  Expenses:Home:Energy   84.20 GBP ; standing charge included
  Assets:Bank:Joint

2026-03-05 ! "Tesco" "Weekly shop"
  Expenses:Food  54.20 GBP
  Expenses:Home:Cleaning  6.10 GBP
  Assets:Bank:Joint  -60.30 GBP

2026-03-10 * "Vanguard" "Monthly ISA buy"
  Assets:Broker:ISA  10 VWRL {84.12 GBP}
  Assets:Bank:Joint  -841.20 GBP

2026-03-31 balance Assets:Bank:Joint  2314.77 GBP
2026-03-31 price VWRL 98.12 GBP
2026-02-10 note Assets:Bank:Joint "Called Nationwide about the new card"
2026-05-01 event "location" "Edinburgh"
"""

FDX = """<?xml version="1.0" encoding="UTF-8" standalone="no" ?>
<FinalDraft DocumentType="Script" Template="No" Version="5">
  <Content>
    <Paragraph Number="4" Type="Scene Heading">
      <SceneProperties Length="1 2/8" Page="1" Title="The call">
        <Summary>
          <Paragraph Type="General">
            <Text>Maggie learns the ferry is cancelled.</Text>
          </Paragraph>
        </Summary>
      </SceneProperties>
      <Text>INT. LOCK COTTAGE - KITCHEN - NIGHT</Text>
    </Paragraph>
    <Paragraph Type="Action">
      <Text>Rain on the window. </Text>
      <Text Style="Bold">A knock.</Text>
    </Paragraph>
    <Paragraph Type="Character">
      <Text>MAGGIE</Text>
    </Paragraph>
    <Paragraph Type="Parenthetical">
      <Text>(quietly)</Text>
    </Paragraph>
    <Paragraph Type="Dialogue">
      <Text>I told you she'd come back.</Text>
      <ScriptNote ID="1"><Paragraph><Text>Check the line with Ruth.</Text></Paragraph></ScriptNote>
    </Paragraph>
    <Paragraph Type="Transition">
      <Text>CUT TO:</Text>
    </Paragraph>
  </Content>
  <TitlePage>
    <Content>
      <Paragraph Alignment="Center" Type="Title Page"><Text>THE LAST FERRY</Text></Paragraph>
      <Paragraph Alignment="Center" Type="Title Page"><Text>Written by</Text></Paragraph>
      <Paragraph Alignment="Center" Type="Title Page"><Text>Ruth Calloway</Text></Paragraph>
    </Content>
  </TitlePage>
  <ElementSettings Type="Action"><FontSpec Font="Courier Final Draft"/></ElementSettings>
  <HeaderAndFooter><Header><Paragraph><Text>Page header text</Text></Paragraph></Header></HeaderAndFooter>
  <SmartType><Characters><Character>MAGGIE</Character></Characters></SmartType>
</FinalDraft>
"""


def test_a_beancount_ledger_reads_an_entry_a_line_cited_at_its_lines():
    doc = _read("household.beancount", LEDGER.encode())
    assert doc.file_type == "ledger"
    page = doc.pages[0]
    text = page.text
    # the posting left without an amount is the rest: who was paid, how much, from which account, in one sentence
    assert (
        "4 March 2026 (2026-03-04): Octopus Energy, Electricity, February: 84.20 GBP to Expenses:Home:Energy from "
        "Assets:Bank:Joint." in text
    )
    assert "Invoice: INV-2231." in text and "Tag fellside, Link inv-2231." in text
    assert "(standing charge included)" in text
    assert (
        "Tesco, Weekly shop (flagged): 54.20 GBP to Expenses:Food and 6.10 GBP to Expenses:Home:Cleaning"
        in text
    )
    assert "10 VWRL (at a cost of 84.12 GBP each) to Assets:Broker:ISA" in text
    assert "balance assertion, Assets:Bank:Joint held 2314.77 GBP at the start of the day" in text
    assert "the price of VWRL was 98.12 GBP" in text
    assert "a note on Assets:Bank:Joint: Called Nationwide about the new card." in text
    assert "event, location: Edinburgh." in text
    assert "opened the account Assets:Broker:ISA (VWRL, GBP)" in text
    assert (
        "The joint account at Nationwide, opened when we moved to Fellside in 2024." in text
    )  # a comment's prose
    assert "Title: Hartley household." in text
    assert '"Octopus Energy"' not in text
    # each piece cited at its own line; the section headings are the trail
    assert _cited(page, "Invoice: INV-2231")[0] == _line_of(LEDGER, "invoice:")
    assert _cited(page, "84.20 GBP to Expenses")[0] == _line_of(LEDGER, "Expenses:Home:Energy   84.20")
    assert _cited(page, "Octopus Energy, Electricity")[0] == _line_of(LEDGER, '"Octopus Energy"')
    assert ("Accounts › Energy") in [t for _, t in page.trails]
    assert reader_tag("ledger").startswith(b":ledger-")


def test_a_ledger_cli_journal_and_a_file_with_no_entry():
    journal = "2026/03/04 * Tesco ; weekly\n    Expenses:Food    £54.20\n    Assets:Current\n"
    text = _read("books.ledger", journal.encode()).pages[0].text
    assert "4 March 2026 (2026-03-04): Tesco: £54.20 to Expenses:Food from Assets:Current." in text
    # hledger's accounts in lower case are postings, not metadata
    lower = "2026-03-04 Tesco\n    expenses:food    £54.20\n    assets:current\n"
    text = _read("books.hledger", lower.encode()).pages[0].text
    assert "Tesco: £54.20 to expenses:food from assets:current." in text
    plain = _read("notes.beancount", b"; nothing but a comment\n").pages[0]
    assert plain.text == "; nothing but a comment\n"  # read as its text: nothing is lost


def test_a_final_draft_script_reads_as_its_script_not_its_xml():
    doc = _read("The Last Ferry.fdx", FDX.encode())
    assert doc.file_type == "screenplay"
    page = doc.pages[0]
    text = page.text
    # the title page where the file holds it (after the script), its title and credit one sentence naming the kind
    assert text.endswith("The screenplay THE LAST FERRY, written by Ruth Calloway.")
    assert "Scene 4, inside: LOCK COTTAGE - KITCHEN - NIGHT." in text  # the script's own scene number
    assert "Scene title: The call." in text and "Synopsis: Maggie learns the ferry is cancelled." in text
    assert "Rain on the window. A knock." in text  # runs joined as the page shows them
    assert "MAGGIE: (quietly) I told you she'd come back." in text  # one line with its speaker
    assert "Note: Check the line with Ruth." in text
    assert "CUT TO:" in text
    for setting in ("Courier Final Draft", "Page header text", "<Paragraph"):
        assert setting not in text
    assert _cited(page, "I told you")[0] == _line_of(FDX, "I told you")
    assert _cited(page, "Maggie learns")[0] == _line_of(FDX, "Maggie learns")
    assert "Scene 4, inside: LOCK COTTAGE - KITCHEN - NIGHT" in [t for _, t in page.trails]
    # a Fountain script under the same type is still read as Fountain
    fountain = _read("x.fountain", b"INT. HALL - DAY\n\nMAGGIE\nHello.\n").pages[0].text
    assert "MAGGIE: Hello." in fountain


def test_a_broken_fdx_is_read_as_its_text():
    broken = FDX.replace("</Content>", "", 1)
    page = _read("broken.fdx", broken.encode()).pages[0]
    assert page.text == broken  # not well-formed: nothing lost
    entity = '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "aaaa">]>\n<FinalDraft><Content/></FinalDraft>\n'
    assert _read("e.fdx", entity.encode()).pages[0].text == entity  # a document type: never expanded


def _paprika(recipes: list[tuple[str, bytes]]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, body in recipes:
            zf.writestr(name, body)
    return buf.getvalue()


SODA = {
    "uid": "9A1C", "name": "Gran's soda bread", "description": "A quick loaf for Sunday.",
    "ingredients": "450 g plain flour\n1 tsp bicarbonate of soda\nFor the top:\n1 tbsp oats",
    "directions": "1. Heat the oven to 200C.\n\n2. Mix, shape and bake for 30 minutes.",
    "notes": "She used sour milk.", "servings": "1 loaf", "prep_time": "10 mins", "cook_time": "30 mins",
    "total_time": "", "difficulty": "Easy", "rating": 4, "categories": ["Bread", "Baking"], "source": "Gran",
    "source_url": "https://example.org/soda", "created": "2025-11-02 18:04:11", "photo_data": "/9j/4AAQ",
    "nutritional_info": "",
}  # fmt: skip


def test_a_paprika_export_reads_a_recipe_a_page():
    dal = dict(SODA, name="Red lentil dal", ingredients="250 g red lentils", directions="Simmer for 25 minutes.",
               rating=0, categories=[], notes="", description="")  # fmt: skip
    data = _paprika([
        ("Gran's soda bread.paprikarecipe", gzip.compress(json.dumps(SODA).encode())),
        ("Red lentil dal.paprikarecipe", gzip.compress(json.dumps(dal).encode())),
        ("broken.paprikarecipe", b"\x1f\x8b not really gzip"),
    ])  # fmt: skip
    doc = _read("My Recipes.paprikarecipes", data)
    assert doc.file_type == "recipes"
    first, second = doc.pages
    assert (first.number, second.number) == (1, 2)  # each recipe's place in the export
    text = first.text
    assert text.startswith("Gran's soda bread\n")
    for line in ("A quick loaf for Sunday.", "Servings: 1 loaf.", "Prep time: 10 mins.", "Difficulty: Easy.",
                 "Rating: 4 of 5 stars.", "Categories: Bread, Baking.", "Source: Gran, https://example.org/soda.",
                 "Added on 2 November 2025.", "450 g plain flour.", "For the top:", "2. Mix, shape and bake for 30 "
                 "minutes.", "Notes for Gran's soda bread", "She used sour milk."):  # fmt: skip
        assert line in text.split("\n"), line
    assert "/9j/4AAQ" not in text and "9A1C" not in text  # the photo and the ids are not read
    assert "Rating" not in second.text  # no stars given: none said
    assert any(
        "broken.paprikarecipe" in note for note in doc.notes
    )  # the damaged member named, the rest read
    one = _read("dal.paprikarecipe", gzip.compress(json.dumps(dal).encode()))  # one recipe on its own
    assert one.pages[0].text.startswith("Red lentil dal\n")


def test_a_paprika_export_with_no_recipe_is_a_clear_error():
    with pytest.raises(ExtractError, match="no recipe"):
        _read("x.paprikarecipes", _paprika([("a.paprikarecipe", gzip.compress(b"[1, 2]"))]))
    with pytest.raises(ExtractError, match="damaged or not"):
        _read("x.paprikarecipes", b"PK\x03\x04 not a zip")
