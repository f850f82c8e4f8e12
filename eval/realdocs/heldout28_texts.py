"""The text of the realdocs ``heldout28`` part's private documents, as ``make_heldout28.py`` writes them: a family tree
as a Mac genealogy app exports it to GEDCOM 5.5.1; a learner's Anki deck as Anki exports it to a deck package
(``.apkg``, the legacy format); a mind map of two sheets as XMind saves it (``.xmind``, the XMind 2020 format). Fixed
text only; every person, firm, boat, street, address and number is invented (e-mail addresses under ``.example``)."""

from __future__ import annotations

# --- the family tree ------------------------------------------------------------------------------------------------
# Susan Hart's tree of her father's family, the Ridsdales of Staithes and Whitby and the Pickerings of York, as
# MacFamilyTree 10 exports it to GEDCOM 5.5.1 (UTF-8, LF line ends): five generations, 26 people, 11 families, two
# shared notes, six sources. The text below is the file, line for line.

GEDCOM_NAME = "Ridsdale and Pickering family tree.ged"

GEDCOM = """\
0 HEAD
1 SOUR MacFamilyTree
2 VERS 10.2.4
2 NAME MacFamilyTree
2 CORP Synium Software GmbH
1 DATE 14 MAR 2027
2 TIME 20:41:07
1 SUBM @U1@
1 FILE Ridsdale and Pickering family tree.ged
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
1 LANG English
0 @U1@ SUBM
1 NAME Susan Hart
1 ADDR 14 Beech Grove
2 CONT Harrogate HG2 8QT
2 ADR1 14 Beech Grove
2 CITY Harrogate
2 POST HG2 8QT
2 CTRY England
1 EMAIL susan.hart@mailbox.example
0 @I1@ INDI
1 NAME Thomas /Ridsdale/
2 GIVN Thomas
2 SURN Ridsdale
1 SEX M
1 BIRT
2 DATE 4 FEB 1828
2 PLAC Staithes, Yorkshire, England
2 SOUR @S1@
3 PAGE Baptisms 1828, entry 41
1 OCCU Coble fisherman
1 DEAT
2 DATE 28 OCT 1880
2 PLAC At sea off Runswick Bay, Yorkshire, England
2 SOUR @S3@
3 PAGE 6 November 1880, p. 3, col. 2
1 NOTE Thomas went out with his brother-in-law Matthew Verrill in the coble Good Intent on the
2 CONT morning of the great gale. The boat was seen to turn over off Kettleness and neither man was
2 CONT found. A collection in Staithes raised 38 pounds for Hannah and the children.
1 NOTE @N1@
1 FAMS @F1@
0 @I2@ INDI
1 NAME Hannah /Verrill/
2 GIVN Hannah
2 SURN Verrill
1 SEX F
1 BIRT
2 DATE ABT 1831
2 PLAC Hinderwell, Yorkshire, England
1 OCCU Fish seller and bait gatherer
1 DEAT
2 DATE 9 MAR 1904
2 PLAC Staithes, Yorkshire, England
1 BURI
2 DATE 12 MAR 1904
2 PLAC St Hilda's churchyard, Hinderwell, Yorkshire, England
1 NOTE Widowed at about forty-nine, Hannah kept the family by selling fish from a basket round the
2 CONT farms above the village and baiting lines for other crews. She never remarried.
1 FAMS @F1@
0 @I3@ INDI
1 NAME John /Ridsdale/
2 GIVN John
2 SURN Ridsdale
1 SEX M
1 BIRT
2 DATE 11 JUN 1853
2 PLAC Staithes, Yorkshire, England
1 BAPM
2 DATE 3 JUL 1853
2 PLAC St Hilda's Church, Hinderwell, Yorkshire, England
2 SOUR @S1@
3 PAGE Baptisms 1853, entry 112
1 OCCU Jet carver
1 RESI
2 DATE 1881
2 ADDR 7 Tate Hill Yard, Whitby
2 SOUR @S2@
3 PAGE RG11/4837, folio 62, page 18
1 DEAT
2 DATE 2 JAN 1919
2 PLAC Whitby, Yorkshire, England
1 BURI
2 DATE 6 JAN 1919
2 PLAC Larpool Cemetery, Whitby, Yorkshire, England
1 NOTE John would not go to sea after his father drowned and was apprenticed at fourteen to a jet
2 CONT workshop in Church Street. He carved mourning brooches and lockets; one of his brooches,
2 CONT a spray of ivy leaves, is still in the family.
1 NOTE @N2@
1 FAMC @F1@
1 FAMS @F2@
0 @I4@ INDI
1 NAME Margaret /Ridsdale/
2 GIVN Margaret
2 SURN Ridsdale
1 SEX F
1 BIRT
2 DATE 19 AUG 1855
2 PLAC Staithes, Yorkshire, England
1 OCCU Domestic servant
1 DEAT
2 DATE 1929
2 PLAC Hamilton, Ontario, Canada
1 NOTE Margaret sailed from Liverpool on the Lake Nepigon in April 1882 with her husband and their
2 CONT baby. They settled in Hamilton, where Robert found work in a foundry. Her letters home were kep
2 CONC t by her brother John's wife.
1 FAMC @F1@
1 FAMS @F3@
0 @I5@ INDI
1 NAME William /Ridsdale/
2 GIVN William
2 SURN Ridsdale
1 SEX M
1 BIRT
2 DATE BET 1858 AND 1860
2 PLAC Staithes, Yorkshire, England
1 OCCU Master mariner
1 DEAT
2 DATE BEF 1902
2 PLAC At sea
1 NOTE William went to sea as a cabin boy on a Whitby collier brig and earned his master's
2 CONT certificate in 1889. His last ship, the steamer Esk Vale, left Cardiff for Genoa in
2 CONT December 1900 and was never heard of again.
1 NOTE @N1@
1 FAMC @F1@
0 @I6@ INDI
1 NAME Eliza /Harland/
2 GIVN Eliza
2 SURN Harland
1 SEX F
1 BIRT
2 DATE 30 APR 1857
2 PLAC Whitby, Yorkshire, England
1 OCCU Dressmaker
1 DEAT
2 DATE 21 FEB 1941
2 PLAC Whitby, Yorkshire, England
1 BURI
2 DATE 25 FEB 1941
2 PLAC Larpool Cemetery, Whitby, Yorkshire, England
1 NOTE Eliza kept the family bible in which the births and deaths of her children and
2 CONT grandchildren are written. When her son Tom was killed she took in his daughter Dorothy
2 CONT and brought her up in the house on Tate Hill.
2 SOUR @S4@
3 PAGE Flyleaf and family register
1 NOTE @N2@
1 FAMS @F2@
0 @I7@ INDI
1 NAME Robert /Cole/
2 GIVN Robert
2 SURN Cole
1 SEX M
1 BIRT
2 DATE ABT 1852
2 PLAC Loftus, Yorkshire, England
1 OCCU Ironstone miner
1 DEAT
2 DATE 1911
2 PLAC Hamilton, Ontario, Canada
1 FAMS @F3@
0 @I8@ INDI
1 NAME Florence /Ridsdale/
2 GIVN Florence
2 SURN Ridsdale
1 SEX F
1 BIRT
2 DATE 12 MAR 1879
2 PLAC Whitby, Yorkshire, England
2 SOUR @S4@
3 PAGE Family register, first entry
1 OCCU Milliner
1 DEAT
2 DATE 8 DEC 1958
2 PLAC York, Yorkshire, England
1 NOTE Florence trained as a milliner in Scarborough. She met Arthur Pickering, a railway
2 CONT signalman from Malton, when he was moved to the box at Whitby Town station, and after
2 CONT their wedding they went to live in Leeman Road, York.
1 FAMC @F2@
1 FAMS @F4@
0 @I9@ INDI
1 NAME Thomas Harland /Ridsdale/
2 GIVN Thomas Harland
2 SURN Ridsdale
2 NICK Tom
1 SEX M
1 BIRT
2 DATE 2 NOV 1881
2 PLAC Whitby, Yorkshire, England
1 OCCU Photographer
1 DEAT
2 DATE 1 JUL 1916
2 PLAC Beaumont-Hamel, Somme, France
2 SOUR @S5@
3 PAGE Panel 3, second column
1 NOTE Tom worked for a portrait photographer in Skinner Street before opening his own studio
2 CONT on Flowergate in 1910. He enlisted in 1915 and was killed on the first day of the Somme.
2 CONT He has no known grave; his name is on the war memorial in the parish church.
1 FAMC @F2@
1 FAMS @F5@
0 @I10@ INDI
1 NAME Edith /Ridsdale/
2 GIVN Edith
2 SURN Ridsdale
1 SEX F
1 BIRT
2 DATE 17 MAY 1884
2 PLAC Whitby, Yorkshire, England
1 DEAT
2 DATE 2 FEB 1885
2 PLAC Whitby, Yorkshire, England
1 BURI
2 DATE 5 FEB 1885
2 PLAC Larpool Cemetery, Whitby, Yorkshire, England
1 FAMC @F2@
0 @I11@ INDI
1 NAME Arthur /Pickering/
2 GIVN Arthur
2 SURN Pickering
1 SEX M
1 BIRT
2 DATE 23 SEP 1876
2 PLAC Malton, Yorkshire, England
1 OCCU Railway signalman
1 DEAT
2 DATE 14 JAN 1947
2 PLAC York, Yorkshire, England
1 FAMS @F4@
0 @I12@ INDI
1 NAME Walter /Pickering/
2 GIVN Walter
2 SURN Pickering
1 SEX M
1 BIRT
2 DATE 15 APR 1904
2 PLAC York, Yorkshire, England
1 OCCU Confectionery factory foreman
1 RESI
2 DATE 1939
2 ADDR 22 Bishopthorpe Road, York
1 DEAT
2 DATE 30 OCT 1978
2 PLAC York, Yorkshire, England
1 NOTE Walter started at the Ouseburn cocoa works at fourteen as an errand boy and rose to
2 CONT foreman of the fondant room. In the war he was an air raid warden and was on duty the night
2 CONT of the raid of April 1942.
1 FAMC @F4@
1 FAMS @F7@
0 @I13@ INDI
1 NAME Mabel /Pickering/
2 GIVN Mabel
2 SURN Pickering
1 SEX F
1 BIRT
2 DATE 3 JAN 1907
2 PLAC York, Yorkshire, England
1 OCCU Schoolteacher
1 DEAT
2 DATE 19 JUN 1993
2 PLAC Knaresborough, Yorkshire, England
1 NOTE Mabel taught infants at the Scarcroft Road school for thirty-eight years and never married.
2 CONT She kept up the family history that this tree began from.
1 FAMC @F4@
0 @I14@ INDI
1 NAME Harold /Pickering/
2 GIVN Harold
2 SURN Pickering
1 SEX M
1 BIRT
2 DATE 27 JUL 1910
2 PLAC York, Yorkshire, England
1 OCCU Railway clerk
1 DEAT
2 DATE 1988
2 PLAC Christchurch, Canterbury, New Zealand
1 NOTE Harold went out to New Zealand on an assisted passage in 1951 and worked for the railways
2 CONT there until he retired.
1 FAMC @F4@
0 @I15@ INDI
1 NAME Clara /Dunn/
2 GIVN Clara
2 SURN Dunn
1 SEX F
1 BIRT
2 DATE ABT 1888
2 PLAC Sleights, Yorkshire, England
1 OCCU Shop assistant
1 FAMS @F5@
1 FAMS @F6@
0 @I16@ INDI
1 NAME Dorothy /Ridsdale/
2 GIVN Dorothy
2 SURN Ridsdale
1 SEX F
1 BIRT
2 DATE 9 OCT 1913
2 PLAC Whitby, Yorkshire, England
1 OCCU Telephonist
1 DEAT
2 DATE 4 APR 2001
2 PLAC Scarborough, Yorkshire, England
1 FAMC @F5@
1 FAMS @F8@
0 @I17@ INDI
1 NAME George /Welburn/
2 GIVN George
2 SURN Welburn
1 SEX M
1 BIRT
2 DATE ABT 1885
2 PLAC Pickering, Yorkshire, England
1 OCCU Blacksmith
1 FAMS @F6@
0 @I18@ INDI
1 NAME Ivy /Sowerby/
2 GIVN Ivy
2 SURN Sowerby
1 SEX F
1 BIRT
2 DATE 11 FEB 1906
2 PLAC Selby, Yorkshire, England
1 OCCU Chocolate packer
1 DEAT
2 DATE 16 AUG 1990
2 PLAC York, Yorkshire, England
1 NOTE @N3@
1 FAMS @F7@
0 @I19@ INDI
1 NAME Brian /Pickering/
2 GIVN Brian
2 SURN Pickering
1 SEX M
1 BIRT
2 DATE 3 APR 1931
2 PLAC York, Yorkshire, England
1 OCCU Draughtsman
1 RESI
2 DATE 1974
2 ADDR 9 Otley Road, Harrogate
1 DEAT
2 DATE 22 NOV 2009
2 PLAC Harrogate, Yorkshire, England
1 BURI
2 DATE 1 DEC 2009
2 PLAC Stonefall Cemetery, Harrogate, Yorkshire, England
1 NOTE Brian did his National Service in the Royal Engineers and then drew locomotive parts at
2 CONT the carriage works in York before moving to a firm of structural engineers in Harrogate.
1 FAMC @F7@
1 FAMS @F9@
1 FAMS @F10@
0 @I20@ INDI
1 NAME Joan /Pickering/
2 GIVN Joan
2 SURN Pickering
1 SEX F
1 BIRT
2 DATE 18 DEC 1934
2 PLAC York, Yorkshire, England
1 OCCU Nurse
1 NOTE Joan trained at the County Hospital in York and became a ward sister. She met Desmond
2 CONT Keogh when he was a patient there after a fall from scaffolding.
1 FAMC @F7@
1 FAMS @F11@
0 @I21@ INDI
1 NAME Leonard /Ashby/
2 GIVN Leonard
2 SURN Ashby
1 SEX M
1 BIRT
2 DATE ABT 1910
2 PLAC Scarborough, Yorkshire, England
1 OCCU Bus driver
1 DEAT
2 DATE 1983
2 PLAC Scarborough, Yorkshire, England
1 FAMS @F8@
0 @I22@ INDI
1 NAME Peter /Ashby/
2 GIVN Peter
2 SURN Ashby
1 SEX M
1 BIRT
2 DATE 5 MAY 1938
2 PLAC Scarborough, Yorkshire, England
1 OCCU Trawler engineer
1 FAMC @F8@
0 @I23@ INDI
1 NAME Margaret /Lund/
2 GIVN Margaret
2 SURN Lund
2 NICK Peggy
1 SEX F
1 BIRT
2 DATE 26 JAN 1935
2 PLAC Ripon, Yorkshire, England
1 OCCU Library assistant
1 FAMS @F9@
0 @I24@ INDI
1 NAME Eileen /Foster/
2 GIVN Eileen
2 SURN Foster
1 SEX F
1 BIRT
2 DATE 8 JUL 1940
2 PLAC Leeds, Yorkshire, England
1 OCCU Dental receptionist
1 FAMS @F10@
0 @I25@ INDI
1 NAME Desmond /Keogh/
2 GIVN Desmond
2 SURN Keogh
1 SEX M
1 BIRT
2 DATE 14 MAR 1931
2 PLAC Mallow, County Cork, Ireland
1 OCCU Bricklayer
1 DEAT
2 DATE 2 SEP 2015
2 PLAC York, Yorkshire, England
1 FAMS @F11@
0 @I26@ INDI
1 NAME Matthew /Verrill/
2 GIVN Matthew
2 SURN Verrill
1 SEX M
1 BIRT
2 DATE ABT 1834
2 PLAC Hinderwell, Yorkshire, England
1 OCCU Coble fisherman
1 DEAT
2 DATE 28 OCT 1880
2 PLAC At sea off Runswick Bay, Yorkshire, England
1 NOTE Hannah's younger brother; lost with Thomas in the Good Intent.
1 NOTE @N1@
0 @F1@ FAM
1 HUSB @I1@
1 WIFE @I2@
1 CHIL @I3@
1 CHIL @I4@
1 CHIL @I5@
1 MARR
2 DATE 22 MAY 1851
2 PLAC St Hilda's Church, Hinderwell, Yorkshire, England
2 SOUR @S1@
3 PAGE Marriages 1851, entry 9
0 @F2@ FAM
1 HUSB @I3@
1 WIFE @I6@
1 CHIL @I8@
1 CHIL @I9@
1 CHIL @I10@
1 MARR
2 DATE 14 SEP 1876
2 PLAC St Mary's Church, Whitby, Yorkshire, England
2 SOUR @S4@
3 PAGE Family register, marriage page
0 @F3@ FAM
1 HUSB @I7@
1 WIFE @I4@
1 MARR
2 DATE 2 FEB 1880
2 PLAC St Leonard's Church, Loftus, Yorkshire, England
0 @F4@ FAM
1 HUSB @I11@
1 WIFE @I8@
1 CHIL @I12@
1 CHIL @I13@
1 CHIL @I14@
1 MARR
2 DATE 6 AUG 1902
2 PLAC St Mary's Church, Whitby, Yorkshire, England
0 @F5@ FAM
1 HUSB @I9@
1 WIFE @I15@
1 CHIL @I16@
1 MARR
2 DATE 20 APR 1912
2 PLAC Whitby Register Office, Yorkshire, England
0 @F6@ FAM
1 HUSB @I17@
1 WIFE @I15@
1 MARR
2 DATE 1920
2 PLAC Pickering, Yorkshire, England
1 NOTE Clara moved to Pickering with George and left Dorothy, then six, with her grandmother
2 CONT Eliza in Whitby.
0 @F7@ FAM
1 HUSB @I12@
1 WIFE @I18@
1 CHIL @I19@
1 CHIL @I20@
1 MARR
2 DATE 1 JUN 1929
2 PLAC St Lawrence's Church, York, Yorkshire, England
2 SOUR @S6@
3 PAGE Jun quarter 1929, York, vol. 9d, p. 41
0 @F8@ FAM
1 HUSB @I21@
1 WIFE @I16@
1 CHIL @I22@
1 MARR
2 DATE 12 SEP 1936
2 PLAC St Martin's Church, Scarborough, Yorkshire, England
0 @F9@ FAM
1 HUSB @I19@
1 WIFE @I23@
1 MARR
2 DATE 28 JUL 1956
2 PLAC St Wilfrid's Church, Harrogate, Yorkshire, England
1 DIV
2 DATE 1974
2 PLAC Harrogate, Yorkshire, England
0 @F10@ FAM
1 HUSB @I19@
1 WIFE @I24@
1 MARR
2 DATE 17 DEC 1977
2 PLAC Harrogate Register Office, Yorkshire, England
0 @F11@ FAM
1 HUSB @I25@
1 WIFE @I20@
1 MARR
2 DATE 4 APR 1959
2 PLAC English Martyrs Church, York, Yorkshire, England
0 @N1@ NOTE The Staithes men fished from cobles, open boats built of larch planks on oak frames,
1 CONT launched off the beach and worked by two or three men. Crab and lobster pots in summer,
1 CONT long lines for cod and haddock in winter; the women dug the bait and baited the lines.
1 CONT The gale of 28 October 1880 drowned eight men of the village in one morning.
0 @N2@ NOTE Whitby jet is fossilised monkey-puzzle wood found in the cliffs and on the beaches.
1 CONT The trade was at its height in the 1870s, when mourning jewellery was in fashion after the
1 CONT death of Prince Albert; by the 1890s cheap French glass had taken most of it.
0 @N3@ NOTE Ivy was the seventh of nine children of a Selby lock keeper. Family story has it that
1 CONT she won a prize at the works for icing a cake in the shape of the Minster.
0 @S1@ SOUR
1 TITL Hinderwell parish registers, 1813-1870
1 AUTH Church of England, Parish of Hinderwell
1 PUBL North Yorkshire County Record Office, microfilm PR/HIN 2/4
0 @S2@ SOUR
1 TITL 1881 census of England and Wales
1 AUTH General Register Office
1 PUBL The National Archives, Kew
0 @S3@ SOUR
1 TITL Whitby Gazette
1 AUTH Whitby Gazette
1 PUBL Whitby, weekly
0 @S4@ SOUR
1 TITL Family bible of Eliza Ridsdale
1 AUTH Eliza Ridsdale
1 PUBL Held by Susan Hart, Harrogate
0 @S5@ SOUR
1 TITL Roll of honour, St Mary's Church, Whitby
1 AUTH Parish of Whitby
1 PUBL War memorial, St Mary's Church
0 @S6@ SOUR
1 TITL General Register Office index of marriages, England and Wales
1 AUTH General Register Office
1 PUBL General Register Office, Southport
0 TRLR
"""

# --- the Anki deck --------------------------------------------------------------------------------------------------
# Priya Natarajan's own deck: Italian for a year in Bologna and the RYA Day Skipper theory exam, exported by Anki
# for Mac 2.1 as "Anki Deck Package" with "Support older Anki versions" ticked. Decks: (id, name). Note types: Basic
# (Front, Back), Basic (and reversed card) (Front, Back) and Cloze (Text, Back Extra). A note: (key, deck, note type,
# fields, tags); the notes are in the order they were added, a few minutes apart, which is the order of their ids.

ANKI_NAME = "Priya - Italian and Day Skipper.apkg"
ANKI_DECKS = [
    (1, "Default"),
    (1710403200001, "Priya"),
    (1710403200002, "Priya::Italian"),
    (1710403200003, "Priya::Italian::Verbs"),
    (1710403200004, "Priya::Italian::Food and shopping"),
    (1710403200005, "Priya::Day Skipper"),
]
ANKI_MEDIA = ["buoy_cardinal_north.png", "sgomberare.wav"]

IT_VERBS = "Priya::Italian::Verbs"
IT_FOOD = "Priya::Italian::Food and shopping"
SKIPPER = "Priya::Day Skipper"
BASIC, REVERSED, CLOZE = "Basic", "Basic (and reversed card)", "Cloze"

ANKI_NOTES: list[tuple[str, str, str, list[str], list[str]]] = [
    (
        "v01",
        IT_VERBS,
        REVERSED,
        ["sgomberare", "to clear out, to vacate (a room, a flat)<br>[sound:sgomberare.wav]"],
        ["italian", "verbs", "casa"],
    ),
    ("v02", IT_VERBS, REVERSED, ["affittare", "to rent, to let"], ["italian", "verbs", "casa"]),
    ("v03", IT_VERBS, REVERSED, ["traslocare", "to move house"], ["italian", "verbs", "casa"]),
    (
        "v04",
        IT_VERBS,
        REVERSED,
        ["rimanere", "to stay, to remain<br><i>past participle: rimasto</i>"],
        ["italian", "verbs", "irregular"],
    ),
    (
        "v05",
        IT_VERBS,
        REVERSED,
        ["scegliere", "to choose<br><i>io scelgo, tu scegli; past participle: scelto</i>"],
        ["italian", "verbs", "irregular"],
    ),
    (
        "v06",
        IT_VERBS,
        REVERSED,
        ["spegnere", "to switch off, to put out (a light, a cigarette)"],
        ["italian", "verbs", "irregular"],
    ),
    (
        "v07",
        IT_VERBS,
        REVERSED,
        ["accorgersi (di)", "to notice, to realise"],
        ["italian", "verbs", "reflexive"],
    ),
    ("v08", IT_VERBS, REVERSED, ["lamentarsi", "to complain"], ["italian", "verbs", "reflexive"]),
    ("v09", IT_VERBS, REVERSED, ["arrabbiarsi", "to get angry"], ["italian", "verbs", "reflexive"]),
    (
        "v10",
        IT_VERBS,
        REVERSED,
        ["riuscire a", "to manage to, to succeed in<br><i>riesco, riesci, riesce</i>"],
        ["italian", "verbs", "irregular"],
    ),
    ("v11", IT_VERBS, REVERSED, ["prenotare", "to book, to reserve"], ["italian", "verbs", "viaggio"]),
    ("v12", IT_VERBS, REVERSED, ["sbrigarsi", "to hurry up"], ["italian", "verbs", "reflexive"]),
    (
        "v13",
        IT_VERBS,
        REVERSED,
        ["noleggiare", "to hire (a car, a bike, a boat)"],
        ["italian", "verbs", "viaggio"],
    ),
    (
        "v14",
        IT_VERBS,
        REVERSED,
        ["timbrare", "to stamp, to validate (a ticket)"],
        ["italian", "verbs", "viaggio"],
    ),
    (
        "v15",
        IT_VERBS,
        CLOZE,
        [
            "Se avessi tempo, {{c1::andrei}} al mare. (If I had time, I would go to the seaside.)",
            "Conditional of <b>andare</b>; the <i>se</i> clause takes the imperfect subjunctive.",
        ],
        ["italian", "verbs", "grammar::conditional"],
    ),
    (
        "v16",
        IT_VERBS,
        CLOZE,
        [
            "Ieri sera {{c1::siamo rimasti}} a casa.",
            "<b>rimanere</b> takes <i>essere</i> in the passato prossimo, so the participle agrees.",
        ],
        ["italian", "verbs", "grammar::passato-prossimo"],
    ),
    (
        "v17",
        IT_VERBS,
        CLOZE,
        [
            "Mi {{c1::sono accorta}} che il treno era in ritardo.",
            "Priya is a woman, so <i>accorta</i>, not <i>accorto</i>.",
        ],
        ["italian", "verbs", "grammar::passato-prossimo"],
    ),
    (
        "v18",
        IT_VERBS,
        CLOZE,
        [
            "Bisogna che tu {{c1::venga}} con noi.",
            "<i>bisogna che</i> + present subjunctive; venire: venga, venga, venga.",
        ],
        ["italian", "verbs", "grammar::congiuntivo"],
    ),
    ("v19", IT_VERBS, REVERSED, ["fare la spesa", "to do the food shopping"], ["italian", "verbs", "spesa"]),
    ("v20", IT_VERBS, REVERSED, ["pesare", "to weigh"], ["italian", "verbs", "spesa"]),
    ("f01", IT_FOOD, REVERSED, ["un etto", '100 grams ("un etto di mortadella")'], ["italian", "spesa"]),
    (
        "f02",
        IT_FOOD,
        REVERSED,
        ["lo scontrino", "the till receipt (keep it: the Guardia di Finanza may ask)"],
        ["italian", "spesa"],
    ),
    ("f03", IT_FOOD, REVERSED, ["il macellaio", "the butcher"], ["italian", "spesa"]),
    ("f04", IT_FOOD, REVERSED, ["il forno", "the bakery (also: the oven)"], ["italian", "spesa"]),
    ("f05", IT_FOOD, REVERSED, ["la bolletta", "the utility bill (gas, electricity)"], ["italian", "casa"]),
    (
        "f06",
        IT_FOOD,
        REVERSED,
        ["le tagliatelle", "flat egg pasta, Bologna's own, served with rag\u00f9"],
        ["italian", "cibo", "bologna"],
    ),
    (
        "f07",
        IT_FOOD,
        REVERSED,
        [
            "la crescentina",
            "fried dough bread eaten with cured meats (called <i>gnocco fritto</i> in Modena)",
        ],
        ["italian", "cibo", "bologna"],
    ),
    (
        "f08",
        IT_FOOD,
        REVERSED,
        ["il sacchetto", "the (shopping) bag; a plastic one costs a few cents at the till"],
        ["italian", "spesa"],
    ),
    (
        "f09",
        IT_FOOD,
        REVERSED,
        ["a chilometro zero", "locally produced, sold close to where it is grown"],
        ["italian", "cibo"],
    ),
    ("f10", IT_FOOD, REVERSED, ["il banco gastronomia", "the deli counter"], ["italian", "spesa"]),
    (
        "f11",
        IT_FOOD,
        REVERSED,
        ["sfuso", "loose, unpackaged (wine from the barrel, pasta by weight)"],
        ["italian", "spesa"],
    ),
    ("f12", IT_FOOD, REVERSED, ["la scadenza", "the use-by date"], ["italian", "spesa"]),
    (
        "f13",
        IT_FOOD,
        BASIC,
        [
            "What do you say at the deli counter to ask for slices cut thinly?",
            "<i>Me lo pu\u00f2 affettare sottile, per favore?</i>",
        ],
        ["italian", "spesa", "phrases"],
    ),
    (
        "f14",
        IT_FOOD,
        BASIC,
        [
            "How do you ask who is last in the queue at the market?",
            "<i>Chi \u00e8 l'ultimo?</i> (then you go after that person)",
        ],
        ["italian", "spesa", "phrases"],
    ),
    (
        "f15",
        IT_FOOD,
        CLOZE,
        ["Vorrei {{c1::mezzo chilo}} di ciliegie, per favore.", "half a kilo"],
        ["italian", "spesa", "phrases"],
    ),
    (
        "f16",
        IT_FOOD,
        CLOZE,
        [
            "Il mercato delle Erbe \u00e8 aperto {{c1::dal luned\u00ec al sabato}}; il"
            " gioved\u00ec pomeriggio {{c2::chiude}}.",
            "From her landlady, Signora Bellini.",
        ],
        ["italian", "bologna", "phrases"],
    ),
    (
        "f17",
        IT_FOOD,
        REVERSED,
        ["la fattura", "the invoice (ask for one with your <i>codice fiscale</i>)"],
        ["italian", "casa"],
    ),
    (
        "f18",
        IT_FOOD,
        REVERSED,
        ["il condominio", "the block of flats; also the residents' association and its service charges"],
        ["italian", "casa"],
    ),
    (
        "f19",
        IT_FOOD,
        REVERSED,
        ["la caparra", "the deposit (on a flat): two months' rent in via Saragozza"],
        ["italian", "casa"],
    ),
    ("f20", IT_FOOD, REVERSED, ["il coinquilino / la coinquilina", "the flatmate"], ["italian", "casa"]),
    (
        "s01",
        SKIPPER,
        BASIC,
        [
            "North cardinal mark: topmarks and colours?",
            "Two black cones, both pointing up; black over yellow.<br>Pass to the <b>north</b> of it."
            '<br><img src="buoy_cardinal_north.png">',
        ],
        ["dayskipper", "buoyage"],
    ),
    (
        "s02",
        SKIPPER,
        BASIC,
        [
            "South cardinal mark: topmarks and colours?",
            "Two black cones, both pointing down; yellow over black.<br>Light: quick flashing 6 + long flash.",
        ],
        ["dayskipper", "buoyage"],
    ),
    (
        "s03",
        SKIPPER,
        BASIC,
        [
            "Isolated danger mark?",
            "Black with a red band, two black balls on top; a white"
            " light flashing in groups of two. Sits right on a small danger with navigable water all round.",
        ],
        ["dayskipper", "buoyage"],
    ),
    (
        "s04",
        SKIPPER,
        BASIC,
        [
            "Safe water mark?",
            "Red and white vertical stripes, one red ball on top; light"
            " isophase, occulting or one long flash every 10 seconds.",
        ],
        ["dayskipper", "buoyage"],
    ),
    (
        "s05",
        SKIPPER,
        BASIC,
        [
            "Port lateral mark, IALA region A?",
            "Red can; red light. Keep it on your port side"
            " going with the direction of buoyage (into harbour, or clockwise round Britain from the south).",
        ],
        ["dayskipper", "buoyage"],
    ),
    (
        "s06",
        SKIPPER,
        CLOZE,
        [
            "A power-driven vessel underway shows a masthead light, sidelights and a"
            " {{c1::sternlight}}; over 50 m it adds a {{c2::second masthead light}} aft and higher.",
            "COLREGS rule 23",
        ],
        ["dayskipper", "colregs", "lights"],
    ),
    (
        "s07",
        SKIPPER,
        CLOZE,
        [
            "A vessel at anchor by day shows {{c1::one black ball}} forward.",
            "At night: an all-round white light. COLREGS rule 30.",
        ],
        ["dayskipper", "colregs", "shapes"],
    ),
    (
        "s08",
        SKIPPER,
        CLOZE,
        [
            "Rule of twelfths: the tide rises 1, 2, {{c1::3}}, 3, 2, 1 twelfths of its range in"
            " the six hours.",
            "Worst in hours three and four: half the range in two hours.",
        ],
        ["dayskipper", "tides"],
    ),
    (
        "s09",
        SKIPPER,
        BASIC,
        [
            "Spring tides vs neap tides?",
            "Springs: a day or two after full and new moon, the"
            " biggest range. Neaps: after the quarter moons, the smallest range. Nothing to do with the season.",
        ],
        ["dayskipper", "tides"],
    ),
    (
        "s10",
        SKIPPER,
        BASIC,
        [
            "What is chart datum?",
            "The level the charted depths are measured from, about the"
            " lowest astronomical tide. Height of tide is added to the charted depth.",
        ],
        ["dayskipper", "tides"],
    ),
    (
        "s11",
        SKIPPER,
        BASIC,
        [
            "Overtaking: who gives way?",
            "The overtaking vessel keeps out of the way, sail or"
            " power, until finally past and clear (rule 13).",
        ],
        ["dayskipper", "colregs"],
    ),
    (
        "s12",
        SKIPPER,
        BASIC,
        [
            "Two sailing vessels, wind on different sides?",
            "The one with the wind on its port side gives way to the other (rule 12).",
        ],
        ["dayskipper", "colregs"],
    ),
    (
        "s13",
        SKIPPER,
        BASIC,
        ["Same side: which sailing vessel gives way?", "The windward boat keeps clear of the leeward one."],
        ["dayskipper", "colregs"],
    ),
    (
        "s14",
        SKIPPER,
        CLOZE,
        [
            "Sound signals: one short blast means {{c1::I am altering my course to"
            " starboard}}; two short blasts {{c2::I am altering my course to port}}; three short blasts {{c3::my engines"
            " are going astern}}.",
            "Five or more short blasts: I doubt your intentions.",
        ],
        ["dayskipper", "colregs", "sound"],
    ),
    (
        "s15",
        SKIPPER,
        BASIC,
        [
            "Beaufort force 6?",
            "Strong breeze, 22 to 27 knots; large waves, white foam crests"
            " everywhere. Instructor Gareth: reef before you leave the marina.",
        ],
        ["dayskipper", "weather"],
    ),
    (
        "s16",
        SKIPPER,
        BASIC,
        [
            'Shipping forecast: what does "imminent" mean?',
            "Expected within 6 hours of the"
            ' time of issue. "Soon": 6 to 12 hours. "Later": more than 12 hours.',
        ],
        ["dayskipper", "weather"],
    ),
    (
        "s17",
        SKIPPER,
        BASIC,
        [
            "Mayday call on VHF: which channel and what order?",
            "Channel 16. MAYDAY x3, this is"
            " (boat name x3), MAYDAY (name, call sign, MMSI), position, nature of distress, help wanted, number of"
            " people on board, other information, OVER.",
        ],
        ["dayskipper", "safety", "vhf"],
    ),
    (
        "s18",
        SKIPPER,
        BASIC,
        [
            "Pan-Pan is for?",
            "Urgency: a serious problem but no grave and imminent danger to"
            " the boat or life (engine failure near a lee shore, an injured crew member).",
        ],
        ["dayskipper", "safety", "vhf"],
    ),
    (
        "s19",
        SKIPPER,
        CLOZE,
        [
            "Variation is the angle between {{c1::true north}} and {{c2::magnetic north}};"
            " deviation is the error caused by {{c3::the boat's own magnetic field}}.",
            "CADET: Compass ADd East True.",
        ],
        ["dayskipper", "navigation"],
    ),
    (
        "s20",
        SKIPPER,
        BASIC,
        [
            "One minute of latitude is?",
            "One nautical mile: 1852 metres. Measure distance on the"
            " latitude scale at the side of the chart, never the longitude scale at top and bottom.",
        ],
        ["dayskipper", "navigation"],
    ),
    (
        "s21",
        SKIPPER,
        BASIC,
        [
            "Secondary port tidal heights: where are the differences?",
            "In the almanac, under the standard port; interpolate between the tabulated times and heights.",
        ],
        ["dayskipper", "tides", "leech"],
    ),
    (
        "s22",
        SKIPPER,
        BASIC,
        [
            "Exam: when and where?",
            "Day Skipper theory exam, Sat 12 June 2027, Hamble"
            " Point Sailing School, 09:30. Bring plotter, dividers, 2B pencil, soft rubber, the 5011 booklet.",
        ],
        ["dayskipper", "admin"],
    ),
    (
        "s23",
        SKIPPER,
        BASIC,
        [
            "Restricted visibility: sound signal of a power-driven vessel making way?",
            "One prolonged blast at intervals of not more than 2 minutes.",
        ],
        ["dayskipper", "colregs", "sound"],
    ),
    (
        "s24",
        SKIPPER,
        BASIC,
        [
            "Vessel constrained by her draught: lights?",
            "Three all-round red lights in a vertical line, or by day a cylinder.",
        ],
        ["dayskipper", "colregs", "lights", "leech"],
    ),
    (
        "s25",
        SKIPPER,
        BASIC,
        [
            "Minimum depth to anchor?",
            "Depth at low water plus a safety margin; with chain, let"
            " out at least four times the maximum depth (six times with rope and chain).",
        ],
        ["dayskipper", "pilotage"],
    ),
]

# --- the mind map ---------------------------------------------------------------------------------------------------
# Rhiannon Pryce's XMind map of two sheets: opening her ceramics studio and shop, and a family holiday on Skye. A topic:
# (key, title, notes (plain, or None), labels, markers, href, attached children, detached children (root only)).

XMIND_NAME = "Studio and summer 2027.xmind"
XMIND_CREATOR = ("Vana", "24.01.14362")
XMIND_SAVED = (2027, 3, 21, 18, 5, 42)  # the zip entries' time, local: as XMind for Mac stamps them


def topic(key, title, notes=None, labels=(), markers=(), href=None, children=(), detached=()):
    return {"key": key, "title": title, "notes": notes, "labels": list(labels), "markers": list(markers),
            "href": href, "children": list(children), "detached": list(detached)}  # fmt: skip


XMIND_SHEETS = [
    (
        "Kiln and Counter",
        topic(
            "studio",
            "Kiln and Counter: studio and shop",
            notes="Unit 4, Tanner's Yard, Llandeilo. Lease from 1 May 2027, three years, break clause at 18 months."
            " Aim: open the shop on Saturday 3 July 2027.",
            children=[
                topic(
                    "premises",
                    "Premises",
                    labels=["lease"],
                    children=[
                        topic(
                            "lease",
                            "Sign lease",
                            markers=["task-done"],
                            notes="Signed 12 March. Rent \u00a3640 a"
                            " month, first three months at half rent while I fit it out.",
                        ),
                        topic(
                            "electrics",
                            "Three-phase supply for the kiln",
                            markers=["priority-1"],
                            notes="The network operator quotes 14-18 weeks for the connection. Without it the big kiln"
                            " cannot run: chase weekly. Electrician: Dafydd Rees, 07700 900417.",
                        ),
                        topic(
                            "sink",
                            "Clay trap under the sink",
                            markers=["task-done"],
                            notes="Fitted by the plumber on 9 March; empty it every fortnight.",
                        ),
                        topic(
                            "shelving",
                            "Ware boards and drying shelves",
                            markers=["priority-2"],
                            notes="Reclaimed scaffold boards from the yard at Ffairfach, \u00a33 a board.",
                        ),
                    ],
                ),
                topic(
                    "kit",
                    "Equipment",
                    children=[
                        topic(
                            "kiln",
                            "Kiln",
                            labels=["big spend"],
                            notes="Second-hand 150 litre top loader from a school in Carmarthen, \u00a32,100"
                            " with the controller. Cone 8 max. Needs the three-phase.",
                        ),
                        topic(
                            "wheel",
                            "Wheel",
                            markers=["task-done"],
                            notes="Keep my own Shimpo; move it in May.",
                        ),
                        topic(
                            "pugmill",
                            "Pug mill",
                            labels=["maybe"],
                            notes="Only if the reclaim gets out of hand. Look at a de-airing one second-hand.",
                        ),
                    ],
                ),
                topic(
                    "shop",
                    "Shop",
                    children=[
                        topic(
                            "till",
                            "Card reader and till",
                            markers=["task-done"],
                            notes="Card reader ordered; 1.69% a transaction, no monthly fee.",
                        ),
                        topic(
                            "stock",
                            "Opening stock",
                            markers=["priority-1"],
                            notes="Target 300 pieces by the end of June: 120 mugs, 60 bowls, 40 jugs, plates"
                            " and the rest small things.",
                        ),
                        topic(
                            "makers",
                            "Other makers on sale or return",
                            labels=["ask"],
                            notes="Ask Ffion (textiles) and Owain (woodturning). 30% commission, settled"
                            " monthly.",
                        ),
                    ],
                ),
                topic(
                    "money",
                    "Money",
                    labels=["grant"],
                    children=[
                        topic(
                            "grant",
                            "Start-up grant",
                            markers=["task-done"],
                            notes="Carmarthenshire rural enterprise grant: \u00a34,500 approved 2 March, paid"
                            " against receipts.",
                            href="https://grants.carmarthenshire.example/rural-enterprise",
                        ),
                        topic(
                            "insurance",
                            "Insurance",
                            markers=["priority-2"],
                            notes="Public and product liability \u00a35m, contents and the kiln. Quotes from"
                            " two brokers by Easter.",
                        ),
                        topic(
                            "vat", "VAT", notes="Not registering yet: well under the threshold in year one."
                        ),
                    ],
                ),
                topic(
                    "classes",
                    "Classes",
                    children=[
                        topic(
                            "taster",
                            "Taster evenings",
                            notes="Thursdays 6.30 to 9, six people, \u00a345 each with clay and one firing.",
                        ),
                        topic(
                            "course",
                            "Six-week wheel course",
                            labels=["autumn"],
                            notes="From September. Eight places at most: only four wheels.",
                        ),
                    ],
                ),
                topic(
                    "launch",
                    "Opening day",
                    markers=["priority-1"],
                    notes="Saturday 3 July: doors at 10, raku firing in the yard at 2, Welsh cakes from the cafe"
                    " next door.",
                    href="https://www.instagram.example/kilnandcounter",
                ),
            ],
            detached=[
                topic(
                    "name",
                    "Other names I liked",
                    notes="Slip and Glaze; Tywi Clay; The Wet Room. Went with"
                    " Kiln and Counter because the domain was free.",
                ),
            ],
        ),
    ),
    (
        "Skye, August",
        topic(
            "skye",
            "Skye family holiday, 7 to 21 August",
            notes="Four of us and the dog. Cottage at Carbost, booked and paid.",
            children=[
                topic(
                    "travel",
                    "Getting there",
                    children=[
                        topic(
                            "drive",
                            "Drive up in two days",
                            markers=["task-done"],
                            notes="Stop overnight at Moffat (Annandale Arms booked, dog-friendly room).",
                        ),
                        topic(
                            "ferry",
                            "Mallaig to Armadale ferry",
                            markers=["priority-1"],
                            notes="Book the car on the 14:10 sailing as soon as the summer timetable opens;"
                            " otherwise it is the bridge at Kyle.",
                            href="https://ferries.example/mallaig-armadale",
                        ),
                    ],
                ),
                topic(
                    "cottage",
                    "Cottage",
                    markers=["task-done"],
                    notes="Tigh na Mara, Carbost. \u00a31,260 for the fortnight. Key safe code comes by text"
                    " the day before. Wood burner; logs extra.",
                ),
                topic(
                    "days",
                    "Days out",
                    children=[
                        topic(
                            "fairy",
                            "Fairy Pools walk",
                            labels=["kids"],
                            notes="Early, before the coaches. 2.4 km there and back.",
                        ),
                        topic(
                            "boat",
                            "Boat trip to Loch Coruisk",
                            labels=["weather permitting"],
                            markers=["priority-2"],
                            notes="From Elgol; 3 hours with 90 minutes ashore. Dog allowed on a lead.",
                        ),
                        topic("dunvegan", "Dunvegan Castle and the seal trip", labels=["kids"]),
                        topic(
                            "quiraing",
                            "Quiraing loop",
                            labels=["adults only"],
                            notes="6.8 km, steep drop on the path: Gwyn and I go, kids stay with Nain.",
                        ),
                    ],
                ),
                topic(
                    "packing",
                    "Packing",
                    children=[
                        topic("midge", "Midge net and Smidge", markers=["task-done"]),
                        topic(
                            "boots",
                            "Walking boots for Elis",
                            markers=["priority-1"],
                            notes="He has grown two sizes; buy in June and wear them in.",
                        ),
                        topic("dogbed", "Dog bed and lead", markers=["task-done"]),
                    ],
                ),
            ],
            detached=[
                topic(
                    "next",
                    "Next year?",
                    notes="Orkney or the Outer Hebrides: the ferry from Uig to Tarbert is short.",
                ),
            ],
        ),
    ),
]
