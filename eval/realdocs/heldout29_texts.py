"""The text of the realdocs ``heldout29`` part's private documents, as ``make_heldout29.py`` writes them: a family's
house-move planning board as Obsidian saves a canvas (JSON Canvas 1.0, ``.canvas``); a postgraduate's reference library
as Zotero for Mac exports it to RIS (``.ris``); one person's browser bookmarks as Firefox for Mac exports them to HTML
(the Netscape bookmark file, ``bookmarks.html``). Fixed text only; every person, firm, place, paper, journal, site and
number is invented (web addresses and e-mail addresses under ``.example``, DOIs under the test prefix ``10.5555``)."""

from __future__ import annotations

# --- the canvas -----------------------------------------------------------------------------------------------------
# Rhiannon Pryce's board for her family's move from 14 Hollins Road, Garsdale Bridge to Fellside Cottage, Millbeck, in
# her Obsidian vault "Home". A node: (key, type, x, y, width, height, color, content) where content is the Markdown of
# a text card, the vault path of a file card, the address of a link card or the label of a group. The cards of a
# group follow it and lie inside its rectangle; the generator checks that.

CANVAS_NAME = "Move to Fellside Cottage.canvas"

CANVAS_NODES = [
    (
        "title",
        "text",
        -520,
        -760,
        520,
        150,
        "",
        "# Move to Fellside Cottage\nTarget completion **Friday 18 June 2027**\n[[Moving budget]] · [[Contacts]] · "
        "[[Fellside Cottage - room sizes]]",
    ),
    ("budget", "file", 60, -760, 400, 300, "", "Notes/Moving budget.md"),
    # the sale
    ("g_sale", "group", -1400, -520, 860, 1000, "1", "Selling 14 Hollins Road"),
    (
        "sale",
        "text",
        -1360,
        -480,
        400,
        330,
        "",
        "## Sale of Hollins Road\n- Agent: **Marsh & Tolley**, fee 1.1% + VAT\n- Asking £268,000; offer accepted "
        "**£261,500** from the Okafors (first-time buyers, mortgage in principle seen)\n- Buyers' solicitor: Brannock "
        "Law, Kendal\n- [x] EPC renewed: band C (71)\n- [ ] Send the fixtures and fittings form (TA10) back to Gemma",
    ),
    (
        "staying",
        "text",
        -920,
        -480,
        340,
        260,
        "2",
        "### What we leave behind\n- Garden shed and the two water butts\n- Kitchen blinds and the curtain poles\n"
        "- NOT the Belfast sink in the utility room: it comes with us for the cottage's boot room\n- Greenhouse only "
        "if the Okafors want it (asked 9 March)",
    ),
    (
        "damp",
        "text",
        -1360,
        -100,
        400,
        230,
        "",
        "### Viewing feedback\nSecond viewing Saturday 6 March: they asked about the damp patch under the stairs. "
        "Lee from **Dryline Damp** came round and quoted £640 to inject a new damp-proof course and replaster the "
        "one wall.",
    ),
    ("salenote", "file", -920, -160, 340, 260, "", "Notes/Hollins Road sale.md"),
    (
        "photos",
        "link",
        -1360,
        180,
        400,
        260,
        "",
        "https://www.marshandtolley.example/property/14-hollins-road-garsdale-bridge-LA10-4HR",
    ),
    # the purchase
    ("g_buy", "group", -440, -520, 940, 1320, "4", "Buying Fellside Cottage"),
    (
        "cottage",
        "text",
        -400,
        -480,
        420,
        330,
        "",
        "## Fellside Cottage\nCrossthwaite Lane, Millbeck LA10 5RT\n- Price agreed **£318,000**\n- Our solicitor: "
        "Gemma Aske at Fothergill Aske, ref FA/PRY/2291\n- Mortgage: Cumbria & Dales Building Society, 4.19% fixed "
        "for 5 years on £150,000\n- Stamp duty estimate £5,900",
    ),
    (
        "survey",
        "text",
        60,
        -480,
        400,
        330,
        "",
        "### Survey (Level 3)\nSurveyor: Ian Threlkeld MRICS, report 24 March\n- Chimney stack wants repointing "
        "(about £1,200)\n- Septic tank discharges straight to the beck: not allowed under the 2020 general binding "
        "rules, so it has to be replaced with a treatment plant\n- Woodworm in the loft is old, no action needed",
    ),
    (
        "septic",
        "text",
        60,
        -100,
        400,
        230,
        "3",
        "### Septic tank\nQuote from Brackenridge Drainage: a new treatment plant fitted for **£7,850**. The sellers "
        "agreed to come down by £6,000 instead of replacing it themselves.",
    ),
    (
        "exchange",
        "text",
        -400,
        -100,
        420,
        280,
        "",
        "## Before exchange\n- [x] Searches back (flood risk: low, radon: 1-3%)\n- [x] Mortgage offer received "
        "Friday 2 April\n- [ ] Buildings insurance to start on exchange day\n- [ ] Ask the sellers how much oil is "
        "left in the tank",
    ),
    (
        "planning",
        "link",
        -400,
        230,
        420,
        260,
        "",
        "https://planning.southfells.example/applications/SF-2019-0417-HH",
    ),
    ("rooms", "file", 60, 180, 400, 300, "", "Notes/Fellside Cottage - room sizes.md"),
    (
        "keys",
        "text",
        60,
        530,
        400,
        230,
        "",
        "### Keys on the day\nFrom **Dale & Fell Estates**, Main Street office, Millbeck: three front door keys, "
        "two for the back door and one for the oil tank shed. Ring Harriet there if the money has not landed by 1pm.",
    ),
    # removals and utilities
    ("g_move", "group", -1400, 560, 860, 820, "6", "Removals & utilities"),
    (
        "removals",
        "text",
        -1360,
        600,
        400,
        300,
        "",
        "## Removals\n**Kentmere Removals**: two men and a 7.5 tonne lorry, £1,380 including packing the kitchen. "
        "Deposit £200 paid 12 April. They need the cottage lane width: it is 2.6 m at the bridge, so no artic.",
    ),
    (
        "utilities",
        "text",
        -920,
        600,
        340,
        330,
        "",
        "### Utilities at the cottage\n- Heating oil: Kendal Fuels, top up 500 litres in the first week\n- Broadband: "
        "no fibre on the lane, so **Pennine Airwave** fixed wireless, 50 Mb, engineer Tuesday 22 June\n- Water: Lune "
        "Valley Water, on a meter\n- Electricity: stays with Fellgrid Energy, move the account",
    ),
    ("meters", "file", -1360, 960, 400, 300, "", "Notes/Meter readings.md"),
    (
        "post",
        "text",
        -920,
        1000,
        340,
        230,
        "",
        "### Post\nRedirection booked for 12 months from 18 June, reference RD-448 193 07. Tell the Guardian Angels "
        "book club and the dentist ourselves.",
    ),
    # schools and admin
    ("g_admin", "group", 580, -520, 780, 1000, "5", "Schools & admin"),
    (
        "school",
        "text",
        620,
        -480,
        340,
        330,
        "",
        "## School\nMillbeck CE Primary: Osian starts Year 3 in September, class teacher Mr Dewhurst. Uniform is "
        "bottle green with grey trousers. The school bus stops at the end of Crossthwaite Lane at 8.12.",
    ),
    (
        "address",
        "text",
        1000,
        -480,
        320,
        330,
        "",
        "### Change of address\n- [x] DVLA, both licences\n- [x] Bank and savings\n- [ ] Register at Lunesdale "
        "Surgery\n- [ ] Council tax: South Fells District Council\n- [ ] Car insurance",
    ),
    (
        "surgery",
        "link",
        1000,
        -100,
        320,
        240,
        "",
        "https://www.lunesdalesurgery.example/new-patients/register",
    ),
    (
        "dog",
        "text",
        620,
        -100,
        340,
        260,
        "",
        "### Bryn\nMove his records to Fellside Vets on Sedbergh Road. Booster due in August. He goes to my sister "
        "Carys in Garsdale on moving day so he cannot escape through the open doors.",
    ),
    # moving week
    ("g_week", "group", 580, 560, 780, 820, "3", "Moving week"),
    (
        "week",
        "text",
        620,
        600,
        700,
        300,
        "",
        "## Moving week\n- **Monday 14 June**: pack the books and empty the loft\n- **Wednesday 16 June**: disconnect "
        "the washing machine, defrost the freezer\n- **Thursday 17 June**: Kentmere load from 8am\n- **Friday 18 "
        "June**: completion, keys from 2pm, lorry unloads at the cottage",
    ),
    (
        "bag",
        "text",
        620,
        960,
        340,
        330,
        "",
        "### First-night box\n- Kettle, four mugs, teabags, oat milk\n- Bryn's bed and food\n- Router and phone "
        "chargers\n- Bedding for three beds\n- Toilet roll and the torch",
    ),
    (
        "checklist",
        "link",
        1000,
        960,
        320,
        240,
        "",
        "https://www.kentmereremovals.example/moving-day-checklist.pdf",
    ),
]

# an edge: (key, from, from side, to, to side, label, to end); a to end of "" is Obsidian's default, an arrow
CANVAS_EDGES = [
    ("e_deposit", "sale", "right", "cottage", "left", "sale money pays the 10% deposit", ""),
    ("e_survey", "survey", "bottom", "septic", "top", "asked for £6k off the price", ""),
    ("e_damp", "damp", "top", "sale", "bottom", "tell the buyers: TA6 form", ""),
    ("e_exchange", "exchange", "bottom", "planning", "top", "check the 2019 extension was signed off", ""),
    ("e_keys", "keys", "right", "week", "left", "Friday afternoon", ""),
    ("e_lorry", "removals", "right", "utilities", "left", "", "none"),
    ("e_meters", "utilities", "bottom", "meters", "top", "read all the meters on the day", ""),
    ("e_lorry2", "removals", "bottom", "meters", "top", "", ""),
    ("e_address", "address", "bottom", "surgery", "top", "online form, then a new patient check", ""),
    ("e_bag", "week", "bottom", "bag", "top", "goes in our car, not the lorry", ""),
    ("e_budget", "title", "right", "budget", "left", "", ""),
    ("e_school", "school", "bottom", "dog", "top", "", "none"),
]

# --- the RIS library ------------------------------------------------------------------------------------------------
# Niamh Dervan's Zotero library for her MSc dissertation at the University of Wenlock on street trees and summer heat
# in English towns, exported with "Export Library..." as RIS (UTF-8, CRLF line ends, Zotero's tag order). A record:
# (type, [(tag, value), ...]) in Zotero's order; AU values "Surname, Given".

RIS_NAME = "Dervan MSc library.ris"

RIS_RECORDS = [
    (
        "JOUR",
        [
            ("TI", "Street tree canopy and pedestrian heat exposure in three northern English towns"),
            ("AU", "Okonedo, Adaeze"),
            ("AU", "Hartley, James R."),
            ("AU", "Pellew, Sian"),
            ("T2", "Journal of Urban Microclimate"),
            (
                "AB",
                "Street trees shade pavements, yet their effect on what pedestrians feel is rarely measured at street "
                "scale. We walked fixed routes in Halmby, Carrow and Settlebridge on 22 hot afternoons in the summers "
                "of 2019 and 2020 with a mobile station logging air temperature, humidity, wind and globe temperature "
                "every ten seconds. Under continuous canopy the mean radiant temperature was on average 14.2 °C lower "
                "than in open sun, while air temperature differed by only 0.9 °C. Physiological equivalent temperature "
                "fell by 6.8 °C. The cooling was largest on north-south streets and under broadleaf species with dense "
                "crowns; small ornamental cherries gave almost none. We argue that canopy continuity along walking "
                "routes matters more than total canopy cover in a ward.",
            ),
            ("DA", "2021/06/14/"),
            ("PY", "2021"),
            ("VL", "37"),
            ("IS", "2"),
            ("SP", "211"),
            ("EP", "229"),
            ("DO", "10.5555/jum.2021.0372"),
            ("SN", "2977-1451"),
            ("UR", "https://doi.org/10.5555/jum.2021.0372"),
            ("KW", "street trees"),
            ("KW", "mean radiant temperature"),
            ("KW", "pedestrian comfort"),
            ("KW", "transects"),
            (
                "N1",
                "<p>Key paper for chapter 2. Their Table 3 (MRT by street orientation) is the one to reproduce for "
                "my Wenlock routes. Check whether they corrected the globe for wind.</p>",
            ),
        ],
    ),
    (
        "JOUR",
        [
            ("TI", "Does canopy cover cool a neighbourhood? A satellite view of 41 English towns"),
            ("AU", "Hartley, James R."),
            ("AU", "Whitlow, Bryony"),
            ("T2", "Town Climate Letters"),
            (
                "AB",
                "We compared summer land surface temperature from 2013 to 2020 with canopy cover mapped from aerial "
                "photographs for 1,208 neighbourhoods in 41 English towns. Each ten percentage points of canopy cover "
                "went with 0.7 °C cooler surfaces on clear afternoons, after allowing for impervious surface, building "
                "height and distance to water. The relation flattened above 35% cover.",
            ),
            ("DA", "2018/09//"),
            ("PY", "2018"),
            ("VL", "12"),
            ("IS", "4"),
            ("SP", "55"),
            ("EP", "68"),
            ("DO", "10.5555/tcl.2018.124"),
            ("UR", "https://doi.org/10.5555/tcl.2018.124"),
            ("KW", "canopy cover"),
            ("KW", "land surface temperature"),
            ("KW", "remote sensing"),
            (
                "N1",
                "Surface temperature is not what people feel: Okonedo et al. 2021 make exactly this point against "
                "this paper. Good for the limitations section.",
            ),
        ],
    ),
    (
        "BOOK",
        [
            ("TI", "Shade and the City: Trees, Heat and Public Space"),
            ("AU", "Marrable, Ruth"),
            ("CY", "Leeds"),
            ("PB", "Calderbrook Press"),
            ("PY", "2017"),
            ("SN", "978-1-5555-0417-3"),
            ("KW", "urban forestry"),
            ("KW", "public space"),
            ("KW", "history"),
            (
                "N1",
                "<p>Library copy, short loan. Chapter 4 on Victorian street planting explains why so many northern "
                "streets have London planes.</p>",
            ),
        ],
    ),
    (
        "CHAP",
        [
            ("TI", "Measuring thermal comfort on foot: mobile methods and their pitfalls"),
            ("AU", "Pellew, Sian"),
            ("T2", "Methods in Urban Climatology"),
            ("A2", "Ferris, Daniel"),
            ("A2", "Quayle, Imogen"),
            ("CY", "Bristol"),
            ("PB", "Severnside Academic"),
            ("PY", "2020"),
            ("SP", "143"),
            ("EP", "168"),
            (
                "AB",
                "A mobile station carried on foot sees a different street every few seconds, but its sensors do not "
                "respond that quickly. This chapter sets out response times for common sensors: a 38 mm grey globe "
                "needs about 90 seconds to settle, far longer than a walker spends in one patch of shade. It "
                "recommends stopping for two minutes at fixed points rather than logging on the move.",
            ),
            ("KW", "methods"),
            ("KW", "globe thermometer"),
            ("KW", "mobile measurement"),
            (
                "N1",
                "<p>This is why I am doing stop-and-measure points, not continuous walking. Cite in methods 3.2.</p>",
            ),
        ],
    ),
    (
        "THES",
        [
            ("TI", "Lime, plane or birch? Species choice and summer shade on residential streets"),
            ("AU", "Gatenby, Laura"),
            ("PB", "University of Northmoor"),
            ("CY", "Durham"),
            ("PY", "2022"),
            ("M3", "PhD thesis"),
            (
                "AB",
                "Leaf area index and crown shape were measured for 312 street trees of six species on residential "
                "streets. Small-leaved lime cast the densest summer shade per metre of crown, while silver birch let "
                "through three times as much sunlight. Species choice at planting decides shade for fifty years.",
            ),
            ("KW", "species selection"),
            ("KW", "leaf area index"),
            ("KW", "lime trees"),
            ("UR", "https://etheses.northmoor.example/4471/"),
            ("N1", "Emailed Laura 3 Feb for her LAI data; she said yes if I acknowledge the thesis."),
        ],
    ),
    (
        "RPRT",
        [
            ("TI", "Tyneside Urban Forest: Canopy Survey 2023"),
            ("AU", "Tyneside Urban Forest Partnership"),
            ("CY", "Newcastle upon Tyne"),
            ("PB", "Tyneside Urban Forest Partnership"),
            ("PY", "2023"),
            ("M1", "TUFP Report 7"),
            (
                "AB",
                "Canopy cover across the five Tyneside districts was 16.4% in 2023, up from 15.1% in 2016. Cover in "
                "the most deprived fifth of neighbourhoods was 9.8%, less than half that of the least deprived. "
                "The partnership aims for 20% by 2040 and will plant 11,000 street and park trees by 2030.",
            ),
            ("KW", "canopy cover"),
            ("KW", "inequality"),
            ("KW", "targets"),
            ("UR", "https://www.tynesideurbanforest.example/reports/canopy-survey-2023.pdf"),
        ],
    ),
    (
        "ELEC",
        [
            ("TI", "Tree planting and heat: what councils can do this summer"),
            ("AU", "Rowntree-Bligh, Esther"),
            ("T2", "The Shade Line (blog)"),
            ("PY", "2024"),
            ("DA", "2024/07/02/"),
            ("UR", "https://theshadeline.example/2024/07/councils-heat-trees"),
            ("Y2", "2027/01/19/"),
            ("KW", "policy"),
            ("KW", "councils"),
            ("N1", "Not peer reviewed. Only use for the quote about watering budgets being cut first."),
        ],
    ),
    (
        "CONF",
        [
            ("TI", "Night-time heat under street canopies: a two-summer study in Halmby"),
            ("AU", "Okonedo, Adaeze"),
            ("AU", "Tranter, Kwame"),
            ("T2", "Proceedings of the 11th Conference on Urban Climate and Greenspace"),
            ("C1", "Aberdeen, UK"),
            ("PY", "2022"),
            ("SP", "88"),
            ("EP", "93"),
            (
                "AB",
                "Trees cool streets by day but can hold heat in at night. Loggers under and away from canopy on eight "
                "streets showed nights 0.4 °C warmer under dense crowns, a small effect next to the daytime cooling.",
            ),
            ("KW", "night-time"),
            ("KW", "urban heat island"),
            (
                "N1",
                "Poster only; the full paper never came out. Ask Adaeze whether the logger data are shared.",
            ),
        ],
    ),
    (
        "JOUR",
        [
            ("TI", "Who gets the shade? Street trees and deprivation in Merseyside"),
            ("AU", "Kilbride, Owen"),
            ("AU", "Adeyemi, Folake"),
            ("AU", "Sandys, Peter"),
            ("T2", "Landscape and Street Ecology"),
            (
                "AB",
                "Across 2,460 streets in four Merseyside boroughs, streets in the most deprived tenth had 62% fewer "
                "trees per kilometre than those in the least deprived tenth. Newer estates built after 1970 had the "
                "fewest trees of all, often because verges were too narrow or carried services.",
            ),
            ("DA", "2020/03/01/"),
            ("PY", "2020"),
            ("VL", "9"),
            ("IS", "1"),
            ("SP", "1"),
            ("EP", "17"),
            ("DO", "10.5555/lse.2020.0901"),
            ("KW", "inequality"),
            ("KW", "street trees"),
            ("KW", "environmental justice"),
            ("N1", "<p>Figure 2 map is brilliant. Read with the Tyneside report.</p>"),
        ],
    ),
    (
        "JOUR",
        [
            ("TI", "Watering young street trees through dry summers: survival after the 2022 drought"),
            ("AU", "Fennimore, Clare"),
            ("AU", "Hartley, James R."),
            ("T2", "Arboricultural Science Review"),
            (
                "AB",
                "Of 1,930 street trees planted in three councils in the winters of 2019 to 2021, 23% were dead or "
                "dying by October 2022. Trees watered at least fortnightly had 8% losses against 31% for those "
                "watered less often. Tree pits with a watering bag lost fewest.",
            ),
            ("DA", "2023/11/20/"),
            ("PY", "2023"),
            ("VL", "48"),
            ("IS", "6"),
            ("SP", "402"),
            ("EP", "415"),
            ("DO", "10.5555/asr.2023.4806"),
            ("KW", "drought"),
            ("KW", "establishment"),
            ("KW", "tree survival"),
        ],
    ),
    (
        "JOUR",
        [
            ("TI", "Heat-related hospital admissions and neighbourhood greenness in the West Midlands"),
            ("AU", "Chaudhry, Amina"),
            ("AU", "Lowther, Gareth"),
            ("T2", "Public Health and Place"),
            (
                "AB",
                "During the heatwaves of 2018 and 2022, admissions for heat-related illness among people over 75 were "
                "18% lower in the greenest quarter of neighbourhoods than in the least green, after adjusting for age "
                "structure and deprivation.",
            ),
            ("DA", "2024/02/08/"),
            ("PY", "2024"),
            ("VL", "15"),
            ("IS", "1"),
            ("SP", "30"),
            ("EP", "44"),
            ("DO", "10.5555/php.2024.1501"),
            ("KW", "public health"),
            ("KW", "heatwaves"),
            ("N1", "Outside my scope really, but useful for the first paragraph of the introduction."),
        ],
    ),
    (
        "JOUR",
        [
            ("TI", "Globe thermometers compared: ping-pong balls, copper spheres and the 38 mm standard"),
            ("AU", "Quayle, Imogen"),
            ("T2", "Journal of Urban Microclimate"),
            (
                "AB",
                "Three globe thermometers were run side by side for 60 days. The 40 mm table-tennis ball painted grey "
                "read within 0.6 °C of the 150 mm copper standard once corrected for wind speed, and settled four "
                "times faster.",
            ),
            ("DA", "2019/05/10/"),
            ("PY", "2019"),
            ("VL", "35"),
            ("IS", "3"),
            ("SP", "301"),
            ("EP", "309"),
            ("DO", "10.5555/jum.2019.0353"),
            ("KW", "globe thermometer"),
            ("KW", "instruments"),
            (
                "N1",
                "<p>Bought two grey table-tennis balls for my globe as she suggests. <b>Need</b> the wind correction "
                "formula, equation 4.</p>",
            ),
        ],
    ),
    (
        "BOOK",
        [
            ("TI", "The Street Tree Manual"),
            ("AU", "Bellingham, Hugh"),
            ("AU", "Nairn, Fiona"),
            ("CY", "Edinburgh"),
            ("PB", "Arbour House"),
            ("PY", "2019"),
            ("ET", "3rd"),
            ("SN", "978-1-5555-2211-5"),
            ("KW", "urban forestry"),
            ("KW", "tree pits"),
        ],
    ),
    (
        "JOUR",
        [
            ("TI", "Wind, canyons and the limits of tree cooling in terraced streets"),
            ("AU", "Tranter, Kwame"),
            ("AU", "Whitlow, Bryony"),
            ("T2", "Town Climate Letters"),
            (
                "AB",
                "A simulation of 60 terraced street canyons found that crowns closing over the street cut wind speed "
                "at head height by up to 40%, offsetting part of the comfort gained from shade on humid days.",
            ),
            ("DA", "2022/01//"),
            ("PY", "2022"),
            ("VL", "16"),
            ("IS", "1"),
            ("SP", "12"),
            ("EP", "24"),
            ("DO", "10.5555/tcl.2022.161"),
            ("KW", "modelling"),
            ("KW", "street canyons"),
            ("KW", "wind"),
        ],
    ),
    (
        "JOUR",
        [
            ("TI", "Residents' views of street trees: shade, leaves and parking"),
            ("AU", "Sandys, Peter"),
            ("AU", "Kilbride, Owen"),
            ("T2", "Landscape and Street Ecology"),
            (
                "AB",
                "A postal survey of 1,104 households on tree-lined streets found 71% wanted more trees, but the most "
                "common complaints were falling leaves (44%), sap on cars (29%) and lost parking (17%).",
            ),
            ("DA", "2021/10/05/"),
            ("PY", "2021"),
            ("VL", "10"),
            ("IS", "4"),
            ("SP", "220"),
            ("EP", "236"),
            ("DO", "10.5555/lse.2021.1004"),
            ("KW", "public attitudes"),
            ("KW", "survey"),
        ],
    ),
    (
        "JOUR",
        [
            ("TI", "Canopy continuity along school routes and children's exposure to heat"),
            ("AU", "Pellew, Sian"),
            ("AU", "Okonedo, Adaeze"),
            ("T2", "Journal of Urban Microclimate"),
            (
                "AB",
                "Children aged 9 to 11 carried small loggers on their walk home in June 2022. Routes with less than "
                "a quarter of their length under canopy gave heat exposure scores 2.3 times those of routes more than "
                "half under canopy.",
            ),
            ("DA", "2023/04/18/"),
            ("PY", "2023"),
            ("VL", "39"),
            ("IS", "1"),
            ("SP", "77"),
            ("EP", "92"),
            ("DO", "10.5555/jum.2023.0391"),
            ("KW", "children"),
            ("KW", "walking routes"),
            ("KW", "canopy continuity"),
            ("N1", "<p>Supervisor (Dr Mabry) flagged this one on 12 Jan. Same team as Okonedo 2021.</p>"),
        ],
    ),
    (
        "JOUR",
        [
            ("TI", "Cool pavements or trees? A cost comparison for English high streets"),
            ("AU", "Lowther, Gareth"),
            ("AU", "Fennimore, Clare"),
            ("T2", "Urban Infrastructure Economics"),
            (
                "AB",
                "Over 25 years, a street tree cost £2,950 to plant and keep, against £4,100 for the equivalent area of "
                "reflective paving, per degree of afternoon cooling at pedestrian height.",
            ),
            ("DA", "2022/08/30/"),
            ("PY", "2022"),
            ("VL", "4"),
            ("IS", "3"),
            ("SP", "150"),
            ("EP", "171"),
            ("DO", "10.5555/uie.2022.0403"),
            ("KW", "costs"),
            ("KW", "cool pavements"),
        ],
    ),
    (
        "JOUR",
        [
            ("TI", "Pollen, allergy and the species mix of street trees"),
            ("AU", "Adeyemi, Folake"),
            ("T2", "Public Health and Place"),
            ("DA", "2021/05/11/"),
            ("PY", "2021"),
            ("VL", "12"),
            ("IS", "2"),
            ("SP", "88"),
            ("EP", "97"),
            ("DO", "10.5555/php.2021.1202"),
            ("KW", "allergy"),
            ("KW", "species selection"),
        ],
    ),
    (
        "RPRT",
        [
            ("TI", "Trees in Hard Landscapes: Design Notes for Highway Engineers"),
            ("AU", "Northern Highways Design Group"),
            ("CY", "Wakefield"),
            ("PB", "Northern Highways Design Group"),
            ("PY", "2020"),
            ("M1", "Design Note 14"),
            ("KW", "tree pits"),
            ("KW", "highways"),
            (
                "N1",
                "Soil cells: 12 cubic metres of rooting volume per medium tree. Useful for the discussion.",
            ),
        ],
    ),
    (
        "JOUR",
        [
            ("TI", "Reflected heat from glazed facades on narrow streets"),
            ("AU", "Whitlow, Bryony"),
            ("T2", "Town Climate Letters"),
            ("DA", "2020/06//"),
            ("PY", "2020"),
            ("VL", "14"),
            ("IS", "2"),
            ("SP", "90"),
            ("EP", "101"),
            ("DO", "10.5555/tcl.2020.142"),
            ("KW", "radiation"),
            ("KW", "buildings"),
        ],
    ),
    (
        "JOUR",
        [
            ("TI", "Thermal walks: asking pedestrians how hot they feel"),
            ("AU", "Ferris, Daniel"),
            ("AU", "Pellew, Sian"),
            ("T2", "Journal of Urban Microclimate"),
            (
                "AB",
                "Ninety-four volunteers rated their comfort at twelve stops on a guided walk. Votes matched the "
                "physiological equivalent temperature well in shade but people in sun felt hotter than the index "
                "predicted.",
            ),
            ("DA", "2020/09/22/"),
            ("PY", "2020"),
            ("VL", "36"),
            ("IS", "4"),
            ("SP", "388"),
            ("EP", "401"),
            ("DO", "10.5555/jum.2020.0364"),
            ("KW", "thermal comfort"),
            ("KW", "questionnaires"),
        ],
    ),
    (
        "BOOK",
        [
            ("TI", "Urban Climates of Britain"),
            ("AU", "Tranter, Kwame"),
            ("CY", "Manchester"),
            ("PB", "Irwell University Press"),
            ("PY", "2021"),
            ("SN", "978-1-5555-3090-5"),
            ("KW", "urban heat island"),
            ("KW", "textbook"),
            ("N1", "<p>Chapter 6 has the clearest explanation of mean radiant temperature I have found.</p>"),
        ],
    ),
    (
        "JOUR",
        [
            ("TI", "Street tree inventories from mobile laser scanning"),
            ("AU", "Nairn, Fiona"),
            ("AU", "Gatenby, Laura"),
            ("T2", "Arboricultural Science Review"),
            ("DA", "2022/03/15/"),
            ("PY", "2022"),
            ("VL", "47"),
            ("IS", "2"),
            ("SP", "120"),
            ("EP", "134"),
            ("DO", "10.5555/asr.2022.4702"),
            ("KW", "lidar"),
            ("KW", "inventories"),
        ],
    ),
    (
        "ELEC",
        [
            ("TI", "Wenlock Tree Map"),
            ("AU", "Wenlock City Council"),
            ("PY", "2026"),
            ("UR", "https://maps.wenlock.example/trees"),
            ("Y2", "2027/02/03/"),
            ("KW", "data"),
            ("KW", "inventories"),
            (
                "N1",
                "Download as CSV from the layer menu. 18,420 council trees, species and girth, updated monthly.",
            ),
        ],
    ),
    (
        "JOUR",
        [
            ("TI", "Heat, shade and bus stops"),
            ("AU", "Lowther, Gareth"),
            ("T2", "Public Health and Place"),
            ("DA", "2025/06/03/"),
            ("PY", "2025"),
            ("VL", "16"),
            ("IS", "3"),
            ("SP", "201"),
            ("EP", "210"),
            ("DO", "10.5555/php.2025.1603"),
            ("KW", "public transport"),
            ("KW", "waiting"),
        ],
    ),
    (
        "THES",
        [
            ("TI", "Measuring shade from street trees with fisheye photographs"),
            ("AU", "Ashworth, Rebecca"),
            ("PB", "University of Wenlock"),
            ("CY", "Wenlock"),
            ("PY", "2024"),
            ("M3", "MSc dissertation"),
            (
                "AB",
                "Upward fisheye photographs at 48 points gave sky view factors that predicted mean radiant "
                "temperature within 3.1 °C in the afternoon.",
            ),
            ("KW", "sky view factor"),
            ("KW", "photography"),
            ("N1", "Last year's MSc from my department; Dr Mabry supervised it too. Mark: 74."),
        ],
    ),
]

# --- the bookmarks --------------------------------------------------------------------------------------------------
# Tom Haverthwaite's bookmarks as Firefox 126 for Mac exports them ("Export Bookmarks to HTML"), after importing his
# Safari bookmarks and Reading List. A folder: ("folder", title, add date, last modified, [items], extra) where extra
# is a string of further attributes; a bookmark: ("link", title, href, add date, tags, description, icon) where icon is
# a colour for a small PNG icon or "". Dates are Unix seconds (UTC).

BOOKMARKS_NAME = "bookmarks.html"

_T0 = 1767225600  # 1 January 2026 00:00 UTC

BOOKMARKS = [
    (
        "folder",
        "Bookmarks Toolbar",
        1704067200,
        1781430000,
        [
            ("link", "Inbox", "https://mail.fellmail.example/inbox", 1704067300, "", "", "#3b6fd4"),
            ("link", "Calendar", "https://calendar.fellmail.example/", 1704067400, "", "", "#3b6fd4"),
            (
                "link",
                "Lakeland Bank",
                "https://online.lakelandbank.example/login",
                1704153600,
                "money",
                "",
                "#0a5c36",
            ),
            (
                "link",
                "Met forecast Kendal",
                "https://weather.example/forecast/kendal",
                1706745600,
                "",
                "",
                "",
            ),
            (
                "link",
                "Train times",
                "https://www.northrail.example/journey-planner",
                1709251200,
                "travel",
                "",
                "",
            ),
        ],
        ' PERSONAL_TOOLBAR_FOLDER="true"',
    ),
    (
        "folder",
        "From Safari",
        1735689600,
        1735689700,
        [
            (
                "folder",
                "Favorites",
                1735689600,
                1735689650,
                [
                    (
                        "link",
                        "Kendal Library catalogue",
                        "https://libraries.westfells.example/catalogue",
                        1735689610,
                        "",
                        "",
                        "",
                    ),
                    (
                        "link",
                        "Bin collection days",
                        "https://www.southfells.example/bins/LA9-7TQ",
                        1735689620,
                        "",
                        "",
                        "",
                    ),
                    (
                        "link",
                        "Fellside Parkrun results",
                        "https://parkrun.example/fellside/results",
                        1735689630,
                        "",
                        "",
                        "",
                    ),
                    ("link", "Local news", "https://www.westmorlandgazette.example/", 1735689640, "", "", ""),
                    (
                        "link",
                        "Swimming pool times",
                        "https://www.kendalleisure.example/pool",
                        1735689645,
                        "",
                        "",
                        "",
                    ),
                    ("link", "Dentist", "https://www.stricklandgatedental.example/", 1735689648, "", "", ""),
                ],
                "",
            ),
            (
                "folder",
                "Reading List",
                1735689600,
                1735689700,
                [
                    (
                        "link",
                        "How to bleed a radiator without making a mess",
                        "https://www.homefixer.example/guides/bleed-radiator",
                        1732012800,
                        "",
                        "Turn the heating off and let it cool first. Use a radiator key and a folded cloth; close the "
                        "valve as soon as water spits. Check the boiler pressure afterwards: it should be 1 to 1.5 bar.",
                        "",
                    ),
                    (
                        "link",
                        "The long read: the last hill farmers of Mardale",
                        "https://longreads.example/2024/11/mardale-hill-farmers",
                        1732790400,
                        "",
                        "Three families still farm the fells above Haweswater. A year with them, from tupping in "
                        "November to the clipping in July.",
                        "",
                    ),
                    (
                        "link",
                        "Review: the Crux Pro 2 bouldering pad",
                        "https://www.cragreviews.example/crux-pro-2-pad-review",
                        1733400000,
                        "",
                        "A hinged pad with 10 cm of foam, weighs 7.2 kg. Good landings but the shoulder straps wear "
                        "quickly. 4 out of 5.",
                        "",
                    ),
                    (
                        "link",
                        "Why your sourdough is flat",
                        "https://www.breadlab.example/flat-sourdough",
                        1734000000,
                        "",
                        "Usually an under-active starter or over-proofing. Try the float test and a colder, longer "
                        "prove in the fridge overnight.",
                        "",
                    ),
                    (
                        "link",
                        "Orkney's Neolithic sites: a beginner's guide",
                        "https://www.northisles.example/neolithic-orkney-guide",
                        1734600000,
                        "",
                        "Skara Brae, the Ring of Brodgar and Maeshowe can all be seen in one day from Stromness. "
                        "Maeshowe is by guided tour only and tickets must be booked ahead.",
                        "",
                    ),
                ],
                "",
            ),
        ],
        "",
    ),
    (
        "folder",
        "Climbing",
        1709856000,
        1776988800,
        [
            (
                "folder",
                "Gear",
                1709856000,
                1776988800,
                [
                    (
                        "link",
                        "Climbing shoe resoling",
                        "https://www.resolecumbria.example/resoling",
                        1709856100,
                        "climbing,shoes",
                        "Resole and rand repair £52, back in about three weeks. Post them in a "
                        "padded bag, no box needed.",
                        "#c0392b",
                    ),
                    (
                        "link",
                        "Kendal Climbing Wall shop",
                        "https://shop.kendalwall.example/",
                        1711929600,
                        "climbing",
                        "",
                        "",
                    ),
                    (
                        "link",
                        "Harness retirement guide",
                        "https://www.ropesafe.example/harness-lifespan",
                        1714521600,
                        "climbing,safety",
                        "Retire a harness after 5 years of regular use, or 10 if barely used; "
                        "sooner after a big fall or any contact with battery acid.",
                        "",
                    ),
                    (
                        "link",
                        "Chalk bag I want (olive)",
                        "https://www.cragkit.example/p/chalk-bag-olive",
                        1776988800,
                        "wishlist",
                        "",
                        "",
                    ),
                ],
                "",
            ),
            (
                "folder",
                "Crags & guides",
                1712000000,
                1772323200,
                [
                    (
                        "link",
                        "Climbing logbook",
                        "https://www.climblog.example/logbook/tomhav",
                        1712000100,
                        "climbing",
                        "",
                        "#2c3e50",
                    ),
                    (
                        "link",
                        "Access notes: Chapel Head Scar",
                        "https://www.cragaccess.example/crags/chapel-head-scar",
                        1712600000,
                        "climbing,access",
                        "Bird restriction on the main wall from 1 March to 30 June (peregrines). The left wing stays "
                        "open. Park in the lay-by, not at the farm.",
                        "",
                    ),
                    (
                        "folder",
                        "Peak District",
                        1714000000,
                        1772323200,
                        [
                            (
                                "link",
                                "Stanage Popular guide (PDF)",
                                "https://www.peakguides.example/stanage-popular.pdf",
                                1714000100,
                                "climbing,gritstone",
                                "",
                                "",
                            ),
                            (
                                "link",
                                "North Lees campsite",
                                "https://www.northlees.example/book",
                                1714100000,
                                "camping",
                                "Pitch £14 a night for two, showers 50p. Gate shuts at 10pm.",
                                "",
                            ),
                            (
                                "link",
                                "Burbage bouldering topo",
                                "https://www.peakguides.example/burbage-north-topo",
                                1772323200,
                                "climbing,bouldering",
                                "",
                                "",
                            ),
                        ],
                        "",
                    ),
                    (
                        "link",
                        "Lake District rock forecast",
                        "https://www.rockdry.example/lakes",
                        1720000000,
                        "climbing,weather",
                        "Says how many hours since rain for each crag. Green means dry enough for slate.",
                        "",
                    ),
                ],
                "",
            ),
            (
                "link",
                "Kendal Climbing Wall timetable",
                "https://www.kendalwall.example/timetable",
                1709900000,
                "climbing",
                "Tuesday and Thursday are route-setting nights; the bouldering room closes at 8pm then.",
                "#e67e22",
            ),
        ],
        "",
    ),
    (
        "folder",
        "Orkney trip June 2027",
        1768435200,
        1779494400,
        [
            (
                "folder",
                "Ferries & travel",
                1768435200,
                1779494400,
                [
                    (
                        "link",
                        "Overnight ferry Aberdeen to Kirkwall",
                        "https://www.northisleferries.example/aberdeen-kirkwall",
                        1768435300,
                        "orkney,ferry",
                        "",
                        "",
                    ),
                    (
                        "link",
                        "Short crossing Gills Bay to St Margaret's Hope",
                        "https://www.pentlandcrossing.example/timetable",
                        1768521600,
                        "orkney,ferry",
                        "The short crossing, about an hour. Car and two adults was £98 single when I checked.",
                        "",
                    ),
                    (
                        "link",
                        "Orkney bus timetable X1",
                        "https://www.orkneybus.example/x1",
                        1769817600,
                        "orkney",
                        "",
                        "",
                    ),
                    (
                        "link",
                        "Inter-island ferry to Hoy",
                        "https://www.orkneyferries.example/hoy-houton-lyness",
                        1779494400,
                        "orkney,ferry",
                        "Houton to Lyness, book the car space, foot passengers just turn up.",
                        "",
                    ),
                ],
                "",
            ),
            (
                "folder",
                "Places to stay",
                1769000000,
                1776000000,
                [
                    (
                        "link",
                        "Quoyness Farm cottage",
                        "https://www.quoynessfarm.example/cottage",
                        1769000100,
                        "orkney,booked",
                        "Booked 12 to 19 June. Key in the box by the byre door, code sent a week "
                        "before. Deposit paid, balance £420 due 1 May.",
                        "",
                    ),
                    (
                        "link",
                        "Stromness hostel",
                        "https://www.stromnesshostel.example/",
                        1769100000,
                        "orkney",
                        "",
                        "",
                    ),
                    (
                        "link",
                        "Wick B&B for the way up",
                        "https://www.harbourviewwick.example/rooms",
                        1776000000,
                        "orkney,booked",
                        "Night of 11 June, room 3, breakfast from 7am so we make the 9.30 boat.",
                        "",
                    ),
                ],
                "",
            ),
            (
                "folder",
                "Things to see",
                1770000000,
                1775000000,
                [
                    (
                        "link",
                        "Maeshowe tour tickets",
                        "https://tickets.heritagenorth.example/maeshowe",
                        1770000100,
                        "orkney,tickets",
                        "",
                        "",
                    ),
                    (
                        "link",
                        "Old Man of Hoy walk",
                        "https://www.islandwalks.example/orkney/old-man-of-hoy",
                        1770500000,
                        "orkney,walks",
                        "From Rackwick, 9 km there and back, about three hours. Boggy after rain.",
                        "",
                    ),
                    (
                        "link",
                        "Italian Chapel, Lamb Holm",
                        "https://www.italianchapel.example/visit",
                        1771000000,
                        "orkney",
                        "Built by prisoners of war in two Nissen huts. Open daily, small entry charge.",
                        "",
                    ),
                    (
                        "link",
                        "Puffins at Marwick Head",
                        "https://www.seabirds.example/orkney/marwick-head",
                        1775000000,
                        "orkney,birds",
                        "",
                        "",
                    ),
                ],
                "",
            ),
        ],
        "",
    ),
    (
        "folder",
        "House",
        1704500000,
        1780000000,
        [
            (
                "folder",
                "Boiler & heating",
                1704500000,
                1778000000,
                [
                    (
                        "link",
                        "Boiler fault codes (F28 and friends)",
                        "https://www.heatinghelp.example/fault-codes/f28",
                        1704500100,
                        "boiler",
                        "F28 means it failed to light: check the gas is on at the meter and the "
                        "condensate pipe is not frozen before calling anyone.",
                        "",
                    ),
                    (
                        "link",
                        "Fellside Heating (our engineer)",
                        "https://www.fellsideheating.example/",
                        1706000000,
                        "boiler,contacts",
                        "Service booked yearly in September. Last one £95.",
                        "",
                    ),
                    (
                        "link",
                        "Heat pump grant",
                        "https://www.gov-grants.example/boiler-upgrade-scheme",
                        1778000000,
                        "boiler,grants",
                        "£7,500 off an air source heat pump. Installer has to apply, not us.",
                        "",
                    ),
                    (
                        "link",
                        "Thermostatic radiator valves explained",
                        "https://www.homefixer.example/guides/trvs",
                        1710000000,
                        "heating",
                        "",
                        "",
                    ),
                ],
                "",
            ),
            (
                "folder",
                "Garden",
                1711000000,
                1780000000,
                [
                    (
                        "link",
                        "Raised bed kit",
                        "https://www.woodlandbeds.example/raised-bed-1800",
                        1711000100,
                        "garden,wishlist",
                        "",
                        "",
                    ),
                    (
                        "link",
                        "When to prune plum trees",
                        "https://www.gardencraft.example/prune-plums",
                        1719000000,
                        "garden,fruit",
                        "Only in summer, June to August, never in winter: silver leaf gets in through "
                        "the cuts.",
                        "",
                    ),
                    (
                        "link",
                        "Slug-proof hostas",
                        "https://www.gardencraft.example/hostas-slugs",
                        1720000000,
                        "garden",
                        "",
                        "",
                    ),
                    (
                        "link",
                        "Compost bin offer",
                        "https://www.southfells.example/compost-bins",
                        1721000000,
                        "garden,council",
                        "",
                        "",
                    ),
                    (
                        "link",
                        "Hedge laying course",
                        "https://www.fellhedgers.example/courses",
                        1727000000,
                        "garden,courses",
                        "One-day course in February at Levens, £85 with lunch, bring gloves and a "
                        "billhook if you have one.",
                        "",
                    ),
                    (
                        "link",
                        "Green waste permit",
                        "https://www.southfells.example/garden-waste",
                        1780000000,
                        "garden,council",
                        "£48 a year, sticker goes on the brown bin. Renew by 31 March.",
                        "",
                    ),
                ],
                "",
            ),
            (
                "folder",
                "Damp & windows",
                1740000000,
                1745000000,
                [
                    (
                        "link",
                        "Condensation or rising damp?",
                        "https://www.homefixer.example/guides/damp",
                        1740000100,
                        "damp",
                        "",
                        "",
                    ),
                    (
                        "link",
                        "Secondary glazing quote",
                        "https://www.clearviewsecondary.example/quote/88213",
                        1745000000,
                        "windows",
                        "Quote ref 88213: five sash windows £2,340 fitted.",
                        "",
                    ),
                ],
                "",
            ),
            (
                "link",
                "Home insurance documents",
                "https://my.fellinsure.example/policy",
                1707000000,
                "insurance,money",
                "",
                "#8e44ad",
            ),
        ],
        "",
    ),
    (
        "folder",
        "Money",
        1704200000,
        1778500000,
        [
            (
                "folder",
                "Pensions",
                1704200000,
                1778500000,
                [
                    (
                        "link",
                        "Workplace pension login",
                        "https://members.cairnpensions.example/login",
                        1704200100,
                        "pension,money",
                        "",
                        "",
                    ),
                    (
                        "link",
                        "State pension forecast",
                        "https://www.gov-services.example/check-state-pension",
                        1713000000,
                        "pension",
                        "Checked it: full amount from age 67, two gap years (2011-12 and "
                        "2012-13) worth paying.",
                        "",
                    ),
                    (
                        "link",
                        "Pension transfer checklist",
                        "https://www.moneyguide.example/pension-transfer",
                        1778500000,
                        "pension",
                        "",
                        "",
                    ),
                ],
                "",
            ),
            (
                "folder",
                "Savings",
                1705000000,
                1774000000,
                [
                    (
                        "link",
                        "Lakeland Bank easy saver",
                        "https://www.lakelandbank.example/savings/easy",
                        1705000100,
                        "savings",
                        "",
                        "",
                    ),
                    (
                        "link",
                        "Junior ISA for Evie",
                        "https://www.lakelandbank.example/savings/junior-isa",
                        1716000000,
                        "savings,evie",
                        "",
                        "",
                    ),
                    (
                        "link",
                        "Premium Bonds prize checker",
                        "https://www.nsandi.example/prize-checker",
                        1706000000,
                        "savings",
                        "Holder number is in the paper folder, not here.",
                        "",
                    ),
                    (
                        "link",
                        "Fixed rate bond comparison",
                        "https://www.ratewatch.example/fixed-bonds",
                        1774000000,
                        "savings,compare",
                        "Best 1-year fix was 4.35% at Harrowgate Mutual when I saved this.",
                        "",
                    ),
                ],
                "",
            ),
            (
                "link",
                "Self assessment",
                "https://www.gov-services.example/self-assessment",
                1706400000,
                "tax,money",
                "Deadline 31 January. UTR is on last year's letter.",
                "",
            ),
            (
                "link",
                "Council tax bands",
                "https://www.southfells.example/council-tax",
                1712200000,
                "tax,council",
                "",
                "",
            ),
        ],
        "",
    ),
    (
        "link",
        "Recipes to try",
        "https://www.kitchenbook.example/collections/tomh",
        1722000000,
        "cooking",
        "",
        "",
    ),
    (
        "link",
        "Jamie's wedding list",
        "https://www.giftlist.example/jamie-and-ola",
        1764000000,
        "gifts",
        "The big day is 4 September. We chose the cast iron casserole.",
        "",
    ),
]
