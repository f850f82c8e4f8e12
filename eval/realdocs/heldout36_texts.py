"""The text of the realdocs ``heldout36`` part's private documents, as ``make_heldout36.py`` writes them: one person's
Apple Health export (``apple_health_export/export.xml``) for March 2027; a postgraduate's Zotero library exported as
CSL JSON (``My Library.json``); and a swimming club's group chat as Telegram Desktop's "Export chat history" writes it
in HTML (``ChatExport_2027-03-29/messages.html``). Fixed text only; every person, place, journal, paper and number is
invented."""

from __future__ import annotations

# --- Apple Health ---------------------------------------------------------------------------------------------------
# Days are of March 2027; times are UK local (GMT to Sunday 28 March 01:00, then BST).
# weigh-ins on the Withings scale: (day, "HH:MM:SS", kg)
WEIGHTS = [
    (1, "07:12:44", 84.1),
    (3, "07:09:02", 83.8),
    (5, "07:31:15", 83.9),
    (8, "07:05:51", 83.2),
    (10, "07:14:10", 82.9),
    (12, "06:58:37", 83.0),
    (15, "07:20:03", 82.6),
    (17, "07:11:48", 82.4),
    (19, "07:02:26", 82.7),
    (22, "07:16:59", 82.1),
    (24, "07:08:31", 81.9),
    (26, "07:25:40", 82.0),
    (29, "07:13:22", 81.6),
    (31, "07:06:05", 81.4),
]
# blood pressure on the OMRON cuff: (day, "HH:MM:SS", systolic, diastolic)
PRESSURES = [
    (2, "08:02:13", 138, 88),
    (6, "19:45:50", 134, 86),
    (9, "08:10:27", 131, 84),
    (13, "09:31:04", 141, 91),
    (16, "08:05:39", 129, 83),
    (20, "10:12:18", 127, 82),
    (23, "08:07:46", 132, 85),
    (27, "09:44:31", 124, 80),
    (30, "08:01:09", 126, 81),
]
# sleep, the night that starts on the day: (day, in bed "HH:MM", asleep "HH:MM", awake "HH:MM" next morning)
SLEEP_SPECIAL = {
    4: ("23:52", "00:31", "06:14"),
    12: ("01:18", "01:40", "08:55"),
    19: ("22:41", "22:58", "06:02"),
    25: ("23:05", "23:49", "05:37"),
}
# workouts: (activity, day, start "HH:MM:SS", minutes, source, km or None, kcal, avg bpm, indoor, extra metadata)
WORKOUTS = [
    ("Running", 2, "18:21:05", 32.5, "Apple Watch", 5.21, 410, 152, False, {}),
    ("Cycling", 4, "07:40:12", 48.2, "Strava", 17.84, 520, 138, False, {}),
    ("Swimming", 6, "12:15:40", 41.0, "Apple Watch", 1.60, 385, 131, True, {"HKLapLength": "25 m"}),
    ("Running", 9, "18:05:33", 27.8, "Apple Watch", 4.62, 355, 155, False, {}),
    ("TraditionalStrengthTraining", 11, "19:10:00", 35.0, "Apple Watch", None, 240, 118, True, {}),
    (
        "Running",
        13,
        "09:02:17",
        58.4,
        "Apple Watch",
        10.03,
        792,
        149,
        False,
        {"HKElevationAscended": "11240 cm"},
    ),
    ("Walking", 14, "15:30:48", 74.1, "Apple Watch", 6.88, 365, 104, False, {}),
    ("Cycling", 18, "07:38:54", 51.6, "Strava", 18.95, 560, 141, False, {}),
    ("Yoga", 20, "08:30:00", 45.0, "Apple Watch", None, 150, 92, True, {}),
    (
        "Running",
        21,
        "10:14:09",
        30.9,
        "Apple Watch",
        5.0,
        402,
        161,
        False,
        {"HKElevationAscended": "3480 cm"},
    ),
    ("HighIntensityIntervalTraining", 24, "18:45:21", 22.0, "Apple Watch", None, 288, 157, True, {}),
    ("Running", 27, "09:31:12", 44.3, "Apple Watch", 7.46, 598, 150, False, {}),
    ("Swimming", 30, "12:20:05", 38.5, "Apple Watch", 1.45, 348, 128, True, {"HKLapLength": "25 m"}),
]
# days whose activity summary is set by hand: day: (active kcal, exercise minutes, stand hours)
ACTIVITY_SPECIAL = {
    7: (312, 9, 8),
    13: (1018, 71, 12),
    16: (598, 28, 12),
    21: (705, 41, 10),
    28: (455, 17, 9),
}
MOVE_GOAL_FROM_22 = 650  # the move goal was raised on Monday 22 March

# --- Zotero library (CSL JSON) --------------------------------------------------------------------------------------
# Fenella Hartigan's MSc dissertation on hedgerows and pollinators. (key, type, title, authors "Family, Given; ...",
# editors or "", (y, m, d), container, volume, issue, page, publisher, place, DOI, URL, ISBN, abstract, note,
# keywords, accessed (y, m, d))
ZOTERO = [
    (
        "QX7B2M4D",
        "article-journal",
        "Flowering hedgerow margins and bumblebee foraging distances in lowland arable farmland",
        "Ashdown, Rosalind; Mabey, Tobias",
        "",
        (2019, 3, 14),
        "Journal of Field Margin Ecology",
        "12",
        "2",
        "114-131",
        "",
        "",
        "10.4417/jfme.2019.0114",
        "",
        "",
        "Radio-tracked and mark-recapture data from 412 Bombus terrestris workers on six farms in Northamptonshire"
        " show that workers nesting within 50 m of a flowering hedgerow foraged a median 270 m from the nest,"
        " against 640 m where hedges were flailed annually. We argue that late-cut hedges shorten foraging trips.",
        "Core paper for ch. 2. Their 270 m median is the number Dr Quayle keeps quoting. Methods section is"
        " weak on weather.",
        "bumblebees; foraging range; hedgerows",
        (2026, 10, 3),
    ),
    (
        "H3RK9PLA",
        "book",
        "Hedges of the English Midlands: History, Structure and Management",
        "Pellow, Gideon",
        "",
        (2011, 0, 0),
        "",
        "",
        "",
        "",
        "Oakhurst Academic Press",
        "Shrewsbury",
        "",
        "",
        "978-1-90-531826-4",
        "A survey of Midland hedges from enclosure to agri-environment schemes, with chapters on laying styles,"
        " species counts as a guide to age, and cutting regimes.",
        "Library copy: Hallam Library 632.58 PEL. Chapter 7 on the Midland bullock style of laying is the useful"
        " one. Hooper-style dating discussed on p. 88.",
        "hedge laying; history",
        (2026, 9, 21),
    ),
    (
        "T8VN1CWE",
        "chapter",
        "Cutting regimes and the flower supply of hawthorn hedges",
        "Quayle, Imogen; Ashdown, Rosalind",
        "Durrant, Felix; Okoro, Adaeze",
        (2020, 0, 0),
        "Managing Farmland Boundaries for Biodiversity",
        "",
        "",
        "203-227",
        "Kestrel & Finch",
        "Bristol",
        "",
        "",
        "978-1-78-804411-0",
        "Hawthorn cut every third winter produced 2.8 times as many flower clusters per metre as hawthorn cut"
        " every winter, across 38 hedges followed for nine years.",
        "My supervisor's chapter! Cite it. The 2.8 times figure goes in the intro.",
        "hawthorn; cutting; flowering",
        (2026, 9, 30),
    ),
    (
        "M2JD6FQS",
        "thesis",
        "Solitary bee nesting in hedge banks: soil, aspect and disturbance",
        "Venning, Carys",
        "",
        (2022, 7, 0),
        "",
        "",
        "",
        "",
        "University of Wessex",
        "Winchester",
        "",
        "",
        "",
        "PhD thesis. Nest aggregations of Andrena and Lasioglossum were found in 61 of 140 hedge banks surveyed;"
        " south-facing banks with bare sandy soil held nine in ten of them.",
        "Emailed Carys 12 Nov for the appendix tables, she said she'd send them after her viva corrections."
        " Chase in January if nothing.",
        "solitary bees; nesting; hedge banks",
        (2026, 11, 12),
    ),
    (
        "B5LP8RTY",
        "report",
        "Hedgerow Condition Survey of the Nene Valley, 2021",
        "Drinkwater, Hamish; Lusk, Beatrix",
        "",
        (2022, 2, 0),
        "",
        "",
        "",
        "",
        "Nene Valley Landscape Trust",
        "Oundle",
        "",
        "https://nenevalleylt.org.uk/reports/hedge-survey-2021.pdf",
        "",
        "Of 1,146 hedges surveyed along 86 km of the valley, 34 per cent met the favourable condition criteria;"
        " the commonest failure was gaps at the base.",
        "Grey literature. Report no. NVLT/R/22/03. Useful baseline for my study sites near Oundle.",
        "hedgerow condition; survey",
        (2026, 10, 17),
    ),
    (
        "W4CE7HNU",
        "webpage",
        "How to lay a hedge in the Midland style",
        "Fairlie, Jude",
        "",
        (2018, 11, 2),
        "Hedgelaying Guild of Great Britain",
        "",
        "",
        "",
        "",
        "",
        "",
        "https://hedgelayingguild.org.uk/guides/midland-style",
        "",
        "A step-by-step guide with photographs: pleachers cut at 30 degrees, stakes every 45 cm, binders of hazel.",
        "Good photos for the fieldwork presentation. Page may move, saved a PDF in /Fieldwork/refs.",
        "hedge laying",
        (2026, 12, 1),
    ),
    (
        "K9FA3ZDX",
        "paper-conference",
        "Pan traps versus transect walks for sampling hoverflies along hedgerows",
        "Okafor, Ngozi; Pettigrew, Lachlan; Sayle, Wren",
        "",
        (2021, 9, 8),
        "Proceedings of the British Ecological Fieldwork Conference",
        "",
        "",
        "45-52",
        "",
        "York",
        "10.4417/befc.2021.045",
        "",
        "",
        "Yellow pan traps caught 19 hoverfly species that transect walks missed, but walks recorded more large"
        " Eristalis. Combining both gave the best species accumulation curve.",
        "Use this to justify using both methods in ch. 3. Conference was in York, 8-10 Sept 2021.",
        "hoverflies; sampling methods; pan traps",
        (2026, 10, 8),
    ),
    (
        "P6GH2VBK",
        "article-journal",
        "Nitrogen drift from fertilised fields suppresses hedge-base wildflowers",
        "Lusk, Beatrix; Marchetti, Orla; Drinkwater, Hamish",
        "",
        (2020, 6, 22),
        "Agroecosystem Letters",
        "7",
        "3",
        "301-318",
        "",
        "",
        "10.5561/agrl.7.3.301",
        "",
        "",
        "Plots within 2 m of the crop edge had 41 per cent fewer forb species than plots 5 m out. A 6 m uncropped"
        " buffer restored forb richness within four seasons.",
        "Relevant to the buffer-strip argument. Compare with Ashdown & Mabey 2019.",
        "nitrogen; hedge base; wildflowers; buffer strips",
        (2026, 10, 22),
    ),
    (
        "R1NT5YJM",
        "article-journal",
        "Blackthorn flowering phenology has advanced eleven days since 1980",
        "Treadgold, Simeon",
        "",
        (2023, 4, 3),
        "Phenology and Climate",
        "29",
        "1",
        "12-27",
        "",
        "",
        "10.6620/phc.2023.29.012",
        "",
        "",
        "Records from 214 volunteer recorders show first flowering of blackthorn moving 11 days earlier between"
        " 1980 and 2021, with the largest shift in the south-east.",
        "Early queens may depend on blackthorn. Table 2 by region.",
        "phenology; blackthorn; climate",
        (2026, 11, 2),
    ),
    (
        "Z3QW8EUP",
        "article-journal",
        "Hedgerow gaps as barriers to bat commuting",
        "Haverstock, Elin; Mabey, Tobias",
        "",
        (2017, 10, 0),
        "Mammal Movement Ecology",
        "4",
        "4",
        "233-249",
        "",
        "",
        "10.7702/mme.2017.233",
        "",
        "",
        "Gaps wider than 10 m reduced pipistrelle passes along hedges by 70 per cent.",
        "Not bees, but the gap-width threshold is a nice parallel. Probably cut from final draft.",
        "bats; connectivity; gaps",
        (2026, 9, 19),
    ),
    (
        "F7YB4KRC",
        "article-journal",
        "Sampling error in floral resource maps of hedgerows",
        "Greenhalgh, Piers; Okafor, Ngozi",
        "",
        (2022, 1, 17),
        "Journal of Field Margin Ecology",
        "15",
        "1",
        "1-19",
        "",
        "",
        "10.4417/jfme.2022.0001",
        "",
        "",
        "Counting flower units in 1 m quadrats every 25 m underestimated hedge floral resources by a third compared"
        " with continuous counts; we recommend counts every 10 m.",
        "Changed my protocol after reading this: quadrats every 10 m not 25 m.",
        "floral resources; methods",
        (2026, 10, 29),
    ),
    (
        "D2XS9MLE",
        "book",
        "Statistics for Ecologists Using R",
        "Brannigan, Una; Holt-Mercer, Ivo",
        "",
        (2018, 0, 0),
        "",
        "",
        "",
        "",
        "Larkspur University Press",
        "Cambridge",
        "",
        "",
        "978-0-19-884217-3",
        "An introduction to mixed models, generalised linear models and model selection for field ecologists, with R"
        " code for each chapter.",
        "2nd edition. Chapter 9 on glmmTMB with zero-inflated counts is what I need for the pan trap data.",
        "statistics; R; mixed models",
        (2026, 9, 14),
    ),
    (
        "C8UM1TGA",
        "article-journal",
        "Agri-environment payments and hedge cutting frequency on English farms",
        "Odell, Marcus; Fenwick-Shaw, Tabitha",
        "",
        (2021, 12, 1),
        "Rural Policy Review",
        "33",
        "6",
        "870-889",
        "",
        "",
        "10.8813/rpr.33.6.870",
        "",
        "",
        "A survey of 388 farmers found that 58 per cent of those in agri-environment agreements cut hedges every"
        " other year, against 21 per cent of those outside them.",
        "Policy context for the intro.",
        "policy; agri-environment; cutting",
        (2026, 11, 5),
    ),
    (
        "N4VE6HWQ",
        "article-journal",
        "Ivy as a late-season nectar source for hedgerow insects",
        "Sayle, Wren; Quayle, Imogen",
        "",
        (2019, 9, 30),
        "Entomologist's Gazette of the North",
        "48",
        "3",
        "155-170",
        "",
        "",
        "10.3329/egn.2019.155",
        "",
        "",
        "Flowering ivy in hedges supplied 81 per cent of the nectar sugar available to insects in October in"
        " three Cumbrian valleys; wasps, hoverflies and Colletes hederae were the main visitors.",
        "Late season! Supports leaving ivy uncut. Quayle again.",
        "ivy; nectar; autumn",
        (2026, 10, 11),
    ),
    (
        "E9HR3DKV",
        "article-journal",
        "Hedgerow width, height and bumblebee nest density",
        "Mabey, Tobias; Ashdown, Rosalind; Venning, Carys",
        "",
        (2021, 5, 11),
        "Insect Conservation and Habitat",
        "10",
        "2",
        "88-104",
        "",
        "",
        "10.2245/ich.10.2.88",
        "",
        "",
        "Nest searches with trained dogs found 1.9 bumblebee nests per 100 m in hedges over 3 m wide, against 0.6 in"
        " hedges under 1.5 m.",
        "The sniffer-dog paper. Ask Tobias if the dog data are shared anywhere.",
        "bumblebees; nest density; hedge structure",
        (2026, 10, 3),
    ),
    (
        "A6KJ2NPF",
        "report",
        "Pollinator Monitoring Scheme: Annual Report 2023",
        "Castellan, Delphine; Moyo, Tendai",
        "",
        (2024, 5, 0),
        "",
        "",
        "",
        "",
        "Centre for Field Ecology",
        "Wallingford",
        "",
        "https://cfe-pollinators.org.uk/annual-report-2023",
        "",
        "The scheme's 1 km squares recorded bumblebee counts 9 per cent below the 2017 to 2022 mean; solitary bees"
        " were stable and hoverflies fell by 14 per cent.",
        "For the national trends paragraph. Check if the 2024 report is out before submission.",
        "monitoring; trends; pollinators",
        (2026, 12, 4),
    ),
    (
        "G5TD8BXZ",
        "article-journal",
        "Legacy of enclosure: parish hedge density and present-day bee diversity",
        "Pellow, Gideon; Rasheed, Anwen",
        "",
        (2016, 8, 19),
        "Landscape History and Ecology",
        "21",
        "1",
        "47-66",
        "",
        "",
        "10.9120/lhe.21.047",
        "",
        "",
        "Parishes enclosed by act before 1800 kept denser hedge networks and had 23 per cent more bee species in"
        " museum and survey records than parishes enclosed later.",
        "Interesting but correlational. Maybe a footnote.",
        "enclosure; history; bees",
        (2026, 9, 23),
    ),
    (
        "L3MC7QWT",
        "chapter",
        "Hoverflies of farmland boundaries",
        "Pettigrew, Lachlan",
        "Durrant, Felix; Okoro, Adaeze",
        (2020, 0, 0),
        "Managing Farmland Boundaries for Biodiversity",
        "",
        "",
        "141-162",
        "Kestrel & Finch",
        "Bristol",
        "",
        "",
        "978-1-78-804411-0",
        "A review of the larval habits of 60 hoverfly species found along hedges, split into aphid-feeding,"
        " saprophagous and aquatic larvae.",
        "Same edited book as Quayle & Ashdown. Table 6.1 lists larval types.",
        "hoverflies; larvae; review",
        (2026, 10, 1),
    ),
    (
        "V2PB5YNE",
        "article-journal",
        "Wind shelter from hedges raises pollinator visits to field beans",
        "Marchetti, Orla; Greenhalgh, Piers",
        "",
        (2024, 2, 9),
        "Agroecosystem Letters",
        "11",
        "1",
        "55-71",
        "",
        "",
        "10.5561/agrl.11.1.55",
        "",
        "",
        "On windy days bean flowers within 20 m of a hedge received twice as many bee visits as flowers 60 m from"
        " it; on calm days there was no difference.",
        "Nice mechanism. Read fully, quote the windy-days result.",
        "wind; crop pollination; field beans",
        (2026, 11, 19),
    ),
    (
        "Y8WF1GJH",
        "thesis",
        "Hedgerow trees and the moths of arable landscapes",
        "Rasheed, Anwen",
        "",
        (2019, 0, 0),
        "",
        "",
        "",
        "",
        "University of Mercia",
        "Lichfield",
        "",
        "",
        "",
        "MPhil thesis. Light traps at 48 hedgerow oaks and ashes caught 312 moth species; sites with standard trees"
        " had 1.6 times the moth abundance of hedges without trees.",
        "Moths are night pollinators, could support a paragraph in the discussion.",
        "moths; hedgerow trees",
        (2026, 9, 27),
    ),
    (
        "S7QK4RVM",
        "article-journal",
        "Do flail-cut hedges recover? A twelve-year experiment",
        "Durrant, Felix; Quayle, Imogen; Haverstock, Elin",
        "",
        (2023, 11, 27),
        "Journal of Applied Farmland Ecology",
        "60",
        "11",
        "2104-2119",
        "",
        "",
        "10.1199/jafe.60.2104",
        "",
        "",
        "After hedges annually flailed for decades were left uncut for three years, hawthorn flowering returned to"
        " within 15 per cent of long-unmanaged controls; blackthorn took five years.",
        "KEY PAPER for discussion. Twelve-year plot experiment at Harrowden. Quayle is second author.",
        "recovery; cutting; experiment",
        (2026, 10, 14),
    ),
    (
        "J1RD6SLC",
        "webpage",
        "Hedgerow regulations: a guide for landowners",
        "",
        "",
        (2020, 4, 1),
        "Rural Land Advice Service",
        "",
        "",
        "",
        "",
        "",
        "",
        "https://ruralland-advice.org.uk/hedgerow-regulations",
        "",
        "Explains when a landowner must notify the planning authority before removing a hedge, and the cutting"
        " window from 1 September to the end of February.",
        "For the legal background. No author listed, cite as the organisation.",
        "regulations; law",
        (2026, 12, 2),
    ),
    (
        "O4ZT9MBW",
        "article-journal",
        "Bumblebee queens emerging in March depend on willow and blackthorn",
        "Fenwick-Shaw, Tabitha; Treadgold, Simeon",
        "",
        (2022, 6, 6),
        "Insect Conservation and Habitat",
        "11",
        "3",
        "190-205",
        "",
        "",
        "10.2245/ich.11.3.190",
        "",
        "",
        "Pollen loads of 226 spring queens were 64 per cent willow and 22 per cent blackthorn; hedges with sallow"
        " were used most in the first fortnight after emergence.",
        "Pairs with Treadgold 2023. Pollen analysis done at Kew? Check acknowledgements.",
        "queens; spring forage; willow",
        (2026, 11, 2),
    ),
    (
        "U5HN2XEA",
        "paper-conference",
        "Drone imagery for mapping hedgerow flowering",
        "Moyo, Tendai; Castellan, Delphine",
        "",
        (2023, 6, 21),
        "Proceedings of the Remote Sensing in Ecology Symposium",
        "",
        "",
        "88-95",
        "",
        "Aberystwyth",
        "10.4417/rses.2023.088",
        "",
        "",
        "A multispectral drone survey at 40 m altitude detected hawthorn blossom with 87 per cent accuracy against"
        " ground counts.",
        "Could I borrow the department's drone? Ask Marco in the tech office.",
        "remote sensing; drones; flowering",
        (2026, 11, 26),
    ),
    (
        "I9CB3FTR",
        "article-journal",
        "Pesticide residues in hedgerow pollen near oilseed rape",
        "Odell, Marcus; Lusk, Beatrix",
        "",
        (2024, 9, 16),
        "Environmental Chemistry in Agriculture",
        "18",
        "5",
        "612-630",
        "",
        "",
        "10.3003/eca.18.5.612",
        "",
        "",
        "Residues of at least one fungicide were found in 73 per cent of pollen samples collected from hedge"
        " shrubs beside oilseed rape, at concentrations far below known lethal doses for bees.",
        "Not my focus but the examiner may ask. Skim only.",
        "pesticides; pollen; oilseed rape",
        (2026, 12, 6),
    ),
    (
        "X2LV7KQG",
        "book",
        "The Hedgerow Handbook",
        "Marwood, Prudence",
        "",
        (2015, 0, 0),
        "",
        "",
        "",
        "",
        "Tallis & Crane",
        "London",
        "",
        "",
        "978-1-84-911592-7",
        "A field guide to the shrubs, climbers and wildflowers of British hedges, with keys and a chapter on"
        " managing hedges for wildlife.",
        "Borrowed from Mum. Good plates for hedge shrub ID in the field, has a twig key for winter.",
        "identification; field guide",
        (2026, 9, 10),
    ),
    (
        "Q6FE1NRS",
        "article-journal",
        "Connectivity of hedge networks and bumblebee genetic structure",
        "Venning, Carys; Haverstock, Elin",
        "",
        (2025, 1, 30),
        "Molecular Insect Ecology",
        "9",
        "1",
        "33-50",
        "",
        "",
        "10.6218/mie.9.033",
        "",
        "",
        "Microsatellite data from 1,020 workers across 30 landscapes showed lower genetic differentiation where hedge"
        " density exceeded 8 km per square kilometre.",
        "Newest one on the list. Methods beyond me, cite the headline only.",
        "genetics; connectivity; bumblebees",
        (2026, 12, 8),
    ),
    (
        "R8MX4HDY",
        "report",
        "Field Margins and Hedges: Farmer Guidance Note 14",
        "",
        "",
        (2019, 1, 0),
        "",
        "",
        "",
        "",
        "Lowland Farm Wildlife Partnership",
        "Peterborough",
        "",
        "https://lfwp.org.uk/guidance/note-14",
        "",
        "Guidance for farmers on cutting hedges in rotation, leaving an uncut side each year, and sowing a"
        " pollen and nectar mix along the hedge base.",
        "The farmers at both study sites have this leaflet; good to know what they were told.",
        "guidance; farmers",
        (2026, 11, 9),
    ),
]

# --- Telegram group chat ----------------------------------------------------------------------------------------------
CHAT_NAME = "Hollin Wath Dippers"
# name: (initials, userpic colour number)
MEMBERS = {
    "Nia Aldous": ("NA", 2),
    "Owen Barraclough": ("OB", 5),
    "Priya Kettlewell": ("PK", 7),
    "Dougie Fenwick": ("DF", 3),
    "Mags Thwaite": ("MT", 1),
}
SHORT = {
    "N": "Nia Aldous",
    "O": "Owen Barraclough",
    "P": "Priya Kettlewell",
    "D": "Dougie Fenwick",
    "M": "Mags Thwaite",
}
# "DD.MM HH:MM:SS X: text"; "|" a line break; "[photo]" a photo; "[>K]" in reply to the chat's K-th message (from 1);
# **bold**; a URL becomes a link.
CHAT = """
04.03 19:02:11 N: Evening all! Right, first proper planning chat for the spring season. Water at the Wath was 6.9 degrees this morning, I took the thermometer down at 7.
04.03 19:03:40 N: So still cold water rules: 10 minutes max in, and nobody goes in alone.
04.03 19:10:27 O: 6.9! I did 4 minutes on Sunday and couldn't feel my feet till lunchtime
04.03 19:12:05 P: Ha. Are we still doing the Easter Sunday dip this year?
04.03 19:14:48 N: Yes definitely. Sunday 28 March, I was thinking 8am so the families can come after
04.03 19:15:22 D: 8 is fine by me. Clocks go forward that night though, remember
04.03 19:16:01 D: So it'll feel like 7
04.03 19:18:36 M: Ugh. I'll bring the big flask
04.03 19:20:14 P: [>6] Good spot Dougie, I'd have turned up an hour late
04.03 21:12:33 O: [photo] Sunset from the steps tonight, river's dropped a lot since the weekend
05.03 08:05:17 M: Morning. Reminder that subs are due for the new season. Last year it was £20, the committee wants to talk about that on Thursday
05.03 08:09:52 D: What are the subs actually for? Insurance?
05.03 08:14:30 M: Mostly the affiliation to the Outdoor Swimming Society plus our public liability cover, which went up to £186 this year for the club
05.03 08:15:08 M: And the tow floats for new members
05.03 08:31:44 O: Fair enough
05.03 12:47:20 P: Has anyone seen the river level page? https://riverlevels.example.org.uk/station/hollin-wath It says 0.42 m this morning
05.03 12:49:03 N: [>16] That's fine. Anything over 0.8 m on that gauge and we don't swim, it's in the safety notes
05.03 12:50:31 P: Noted 👍
06.03 07:22:10 D: [photo] Frost on the stepping stones! Went in for 3 minutes with Owen, 6.4 degrees
06.03 07:23:45 O: Brutal but lovely
06.03 07:24:02 O: Also we saw the kingfisher again by the alder
06.03 09:41:38 N: Nice. Anyone fancy Wednesday evening? I can do 5.30
06.03 09:55:12 M: Can't Wednesday, choir
06.03 10:02:19 P: I can do 5.30 Weds
08.03 17:58:41 N: Weds 5.30 still on? Sunset is 18:01 so we'll lose the light fast
08.03 18:03:09 P: Yes, I'll bring my head torch
08.03 18:04:47 D: Count me in
10.03 17:21:55 P: On my way, parking in the lay-by not the farm gate, Mr Hebden asked us not to block it
10.03 17:23:40 N: Thanks Priya, good reminder for everyone. The lay-by on Scar Lane holds about 5 cars
10.03 18:47:12 D: [photo] Us three after tonight. 7.1 degrees, 8 minutes, felt amazing
10.03 18:50:30 M: Look at you all glowing!
11.03 19:30:08 M: Committee meeting notes coming through:
11.03 19:31:55 M: 1. Subs this year will be **£25**, agreed by everyone at tonight's meeting|2. New tow floats ordered from Brightwater, £14.50 each|3. We'll keep the swim log in the shared spreadsheet
11.03 19:33:02 M: The extra £5 covers the insurance going up
11.03 19:36:41 O: Sounds fair. How do we pay?
11.03 19:38:19 M: [>35] Bank transfer to the club account, reference SUBS plus your surname. Sort code and number are pinned in the old chat, I'll repost them to anyone who asks privately
11.03 19:40:03 P: Paid!
11.03 19:44:56 D: Done too
11.03 20:02:37 N: How many tow floats did we order in the end?
11.03 20:05:10 M: [>39] 11. Eight for the new starters and three spares for the box
11.03 20:06:22 N: Perfect
12.03 06:55:03 O: Anyone at the Wath this morning? I'm going at 7.15
12.03 07:01:48 D: Can't, work
12.03 07:05:29 N: I'll come! Give me 10 min
12.03 08:14:16 O: 7.3 degrees today. Warming up slowly
12.03 08:15:03 O: [photo] Mist on the water
12.03 08:40:57 P: Gorgeous photo Owen
13.03 10:16:42 N: Question for everyone: the lido at Skelbrook is doing a cold water session on Saturday 20 March, 9 till 10.30, £6 each. Shall we go as a group?
13.03 10:20:18 M: Yes! Heated changing rooms 😍
13.03 10:21:05 D: I'm in
13.03 10:29:40 O: Me too
13.03 10:41:33 P: Can't, I'm at my sister's that weekend, sorry
13.03 10:45:02 N: No worries Priya. So 4 of us. I'll book online, you can pay me back on the day
13.03 10:51:14 N: Booked. Booking reference SKB-44817 if anyone needs it
13.03 10:52:38 M: Legend
14.03 16:08:19 D: Has anyone got a spare pair of neoprene socks, size 10? Mine have split at the heel
14.03 16:20:45 O: [>56] I've got some 11s you can borrow, bit big but fine
14.03 16:21:30 D: Cheers Owen, I'll grab them Tuesday
15.03 12:33:06 P: Saw this, worth a read before the Easter dip: https://coldwater-safety.example.org/afterdrop It explains why you get colder after you get out
15.03 12:40:51 N: [>59] Good one. The bit about not having a hot shower straight away is important
15.03 12:42:17 M: I still can't believe afterdrop is a real thing, I thought I was just being soft
16.03 07:50:28 O: River at 0.61 m this morning after last night's rain. Still ok but murky
16.03 07:52:03 N: Thanks for checking. Let's skip tomorrow and see how it drops
16.03 21:15:44 M: Does anyone know if the Easter dip needs a permit from the parish?
16.03 21:30:10 N: [>64] No, but Councillor Ashworth asked us to tell her the numbers. I'll email her once we know
17.03 18:12:39 D: Sock pickup done, thanks Owen
17.03 18:13:05 O: 👍
18.03 12:01:54 N: Easter dip plan, so far:|Meet 7.45 at the Scar Lane lay-by|In the water at 8|Hot chocolate after from Mags's famous flask|Mince pies are NOT acceptable at Easter, Dougie
18.03 12:04:27 D: Hot cross buns then. I'll bring two dozen
18.03 12:05:10 P: Can we bring the kids? Mine are 9 and 12
18.03 12:09:33 N: [>70] Yes, paddling only for under 14s and an adult with them at the edge
18.03 12:10:06 P: Perfect, thanks
18.03 12:15:48 M: Shall I make a poster for the village hall?
18.03 12:18:20 N: Please! Keep it simple, 8am Easter Sunday, Hollin Wath, all welcome, bring a towel
19.03 09:30:12 M: [photo] Poster draft, thoughts?
19.03 09:34:55 O: Love it. Maybe make the time bigger
19.03 09:36:01 P: And put "swim at your own risk" somewhere
19.03 09:48:27 M: Done both. Printing 10 at the library this afternoon, 15p a sheet in colour
19.03 15:22:40 M: Posters up at the village hall, the Co-op and the Fleece
20.03 08:41:19 N: Morning! Leaving mine at 8.15 for the lido, Dougie and Owen I'll pick you up at the bus shelter
20.03 08:42:33 D: See you there
20.03 11:02:45 O: [photo] Skelbrook lido crew!
20.03 11:03:18 O: Water was 8.5 degrees in there, felt like a bath compared to the Wath
20.03 11:05:51 M: I did 12 lengths, a personal best for cold water
20.03 11:20:06 N: Great morning. £6 each to me please, or buy me a coffee next time
20.03 11:21:40 D: Sent
20.03 11:45:13 P: Jealous! Looks brilliant
21.03 08:17:52 D: Wath at 7 this morning with Nia, 7.9 degrees. We did 9 minutes
21.03 08:20:35 N: Kingfisher again. I'm now sure it's nesting in the bank by the alder
21.03 08:22:08 M: Please don't go near the bank then, they're protected
21.03 08:24:41 N: [>90] Of course, we stayed well away
22.03 19:05:27 O: New members update: Hattie and Finn Grayson want to join, and so does Tom Ellery from the Fleece
22.03 19:10:02 M: Great! That makes 19 members
22.03 19:12:16 N: I'll do their induction. Saturday 27th at 10 at the lay-by?
22.03 19:14:58 O: I'll tell them
22.03 19:30:49 D: Who's bringing the first aid kit on Easter Sunday?
22.03 19:33:12 P: [>96] Me, I've restocked it. Bought foil blankets and new plasters, £11.80 from the club float
22.03 19:34:03 M: Thanks Priya, keep the receipt for me
23.03 13:48:21 N: Email from Councillor Ashworth: she's very happy about the dip and might come along herself!
23.03 13:52:39 O: Ha, get her in the water
24.03 20:11:06 M: Tow floats arrived! 11 bright orange ones in a big box on my doorstep
24.03 20:12:17 M: [photo] The box
24.03 20:14:40 D: Brilliant, just in time
24.03 20:20:58 P: Do they have the club name on?
24.03 20:23:33 M: [>104] No, I'll write on them with marker. Hollin Wath Dippers plus a number
25.03 07:35:44 O: 8.1 degrees! First time over 8 this year
25.03 07:37:20 N: Yay! Does that mean we can do longer?
25.03 07:41:05 N: Actually no, let's keep the 10 minutes until April to be safe
25.03 07:45:52 D: Agreed
25.03 18:02:14 P: Weather for Sunday: dry, 9 degrees, light wind from the west. Sunrise 6.38 but that's BST
25.03 18:05:30 M: Perfect
26.03 12:10:27 N: Final headcount for Easter: I count 14 swimmers plus kids and spectators. Emailing the councillor now
26.03 12:15:09 D: I've got the hot cross buns on order from Pickersgill's bakery, collecting Saturday
26.03 12:20:48 M: I'll do two flasks of hot chocolate and one of tea
26.03 12:22:13 O: I'll bring the big orange beach flag so people can find us
27.03 10:00:31 N: Induction done with Hattie, Finn and Tom, all very keen. Tom's swum in the sea at Whitby for years
27.03 10:03:46 N: [photo] New members!
27.03 10:05:12 M: Welcome to the club you three! Tow floats 9, 10 and 11 are yours
27.03 16:44:08 O: Water 8.3 this afternoon, river at 0.38 m. All good for tomorrow
27.03 16:47:50 N: Brilliant. See you all at 7.45, don't forget the clocks!
27.03 21:05:37 D: Clocks go forward at 1am. Setting two alarms
28.03 06:58:20 P: Awake! Kids excited
28.03 07:51:14 M: Here already, flasks set up on the wall
28.03 09:10:42 N: What a morning! 14 in the water, 6 kids paddling, about 20 watching. Councillor Ashworth went in up to her knees
28.03 09:12:55 N: [photo] Group photo
28.03 09:14:30 O: [photo] The hot cross bun queue
28.03 09:20:17 D: Best Easter dip yet. Water was 8.4
28.03 09:31:46 P: Thank you Nia for organising
28.03 09:33:02 M: And the poster worked, two people said they came because of it
28.03 10:15:28 N: Collection bucket raised £63.20 for the mountain rescue team. I'll pay it in on Monday
28.03 10:18:05 M: Amazing! Add it to the minutes for the next meeting
29.03 08:02:11 O: Back to normal, Wath at 7.30 tomorrow if anyone's up
29.03 08:10:40 P: I'll come
"""
