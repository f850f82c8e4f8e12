"""The text of the realdocs ``heldout23`` part's private documents, as ``make_heldout23.py`` writes them: a runner's
analysis notebook as JupyterLab saves it (``.ipynb``), a couple's wedding plans as Notion exports a page with its
subpages and a database to "Markdown & CSV", and a home brewer's notes as Bear exports them to TextBundle. Fixed
text only; every person, firm, place, number and address is invented (phone numbers from Ofcom's drama ranges, web
and mail addresses under example.com and example.co.uk)."""

from __future__ import annotations

# --- the Jupyter notebook ----------------------------------------------------------------------------------------------
# A runner's notebook of a half-marathon training block, last saved by JupyterLab 4 (nbformat 4.5: cell ids, a
# Python 3.12 kernel). Its runs are those of the CSV file it reads (not part of the documents); the generator computes
# the outputs that come from the runs (the weekly sums, the long runs' paces, the zones, the prediction, the shoes'
# totals) as pandas and the code would print them, and checks that the Markdown cells' figures agree.

NOTEBOOK_NAME = "half-marathon-block-2027.ipynb"
CSV_NAME = "garmin_runs_2027-01-04_2027-04-11.csv"
FIRST_MONDAY = "2027-01-04"
# km on each pair of shoes before the block, as the notebook's last code cell sets them
SHOES_BEFORE = {"Pegasus 40": 388.0, "Endorphin Speed 3": 120.0}
MAX_HR, RESTING_HR = 188, 48
RACE_KM = 21.0975

# (date, type, km, moving time, average heart rate, shoes): the CSV's rows, in its order (row N is index N - 1)
RUNS = [
    ("2027-01-04", "easy", 6.2, "00:36:41", 138, "Pegasus 40"),
    ("2027-01-06", "intervals", 8.0, "00:42:16", 156, "Endorphin Speed 3"),
    ("2027-01-07", "easy", 5.0, "00:29:50", 136, "Pegasus 40"),
    ("2027-01-09", "parkrun", 5.0, "00:24:20", 168, "Endorphin Speed 3"),
    ("2027-01-10", "long", 12.0, "01:09:24", 142, "Pegasus 40"),
    ("2027-01-12", "intervals", 8.0, "00:41:52", 157, "Endorphin Speed 3"),
    ("2027-01-13", "easy", 6.5, "00:38:21", 137, "Pegasus 40"),
    ("2027-01-15", "easy", 5.0, "00:29:40", 135, "Pegasus 40"),
    ("2027-01-16", "parkrun", 5.0, "00:24:05", 169, "Endorphin Speed 3"),
    ("2027-01-17", "long", 13.0, "01:14:45", 143, "Pegasus 40"),
    ("2027-01-19", "tempo", 9.0, "00:45:36", 162, "Endorphin Speed 3"),
    ("2027-01-20", "easy", 7.0, "00:41:04", 138, "Pegasus 40"),
    ("2027-01-22", "easy", 6.0, "00:35:30", 136, "Pegasus 40"),
    ("2027-01-23", "parkrun", 5.0, "00:24:00", 170, "Endorphin Speed 3"),
    ("2027-01-24", "long", 14.5, "01:23:08", 144, "Pegasus 40"),
    ("2027-01-26", "easy", 6.0, "00:35:18", 135, "Pegasus 40"),
    ("2027-01-28", "intervals", 7.4, "00:38:29", 155, "Endorphin Speed 3"),
    ("2027-01-30", "parkrun", 5.0, "00:23:50", 169, "Endorphin Speed 3"),
    ("2027-01-31", "long", 11.0, "01:02:31", 141, "Pegasus 40"),
    ("2027-02-02", "intervals", 9.0, "00:46:30", 158, "Endorphin Speed 3"),
    ("2027-02-03", "easy", 7.0, "00:40:50", 137, "Pegasus 40"),
    ("2027-02-04", "easy", 6.6, "00:38:43", 136, "Pegasus 40"),
    ("2027-02-06", "hills", 6.0, "00:36:30", 165, "Endorphin Speed 3"),
    ("2027-02-07", "long", 16.0, "01:31:28", 145, "Pegasus 40"),
    ("2027-02-09", "tempo", 10.0, "00:50:10", 163, "Endorphin Speed 3"),
    ("2027-02-10", "easy", 8.0, "00:46:32", 138, "Pegasus 40"),
    ("2027-02-12", "easy", 6.2, "00:36:16", 136, "Pegasus 40"),
    ("2027-02-13", "parkrun", 5.0, "00:23:40", 171, "Endorphin Speed 3"),
    ("2027-02-14", "long", 17.0, "01:36:20", 146, "Pegasus 40"),
    ("2027-02-16", "intervals", 10.0, "00:51:20", 159, "Endorphin Speed 3"),
    ("2027-02-17", "easy", 8.0, "00:46:24", 137, "Pegasus 40"),
    ("2027-02-18", "easy", 7.0, "00:40:50", 136, "Pegasus 40"),
    ("2027-02-20", "parkrun", 5.0, "00:23:35", 171, "Endorphin Speed 3"),
    ("2027-02-21", "long", 18.0, "01:41:24", 147, "Pegasus 40"),
    ("2027-02-22", "easy", 6.0, "00:35:12", 136, "Pegasus 40"),
    ("2027-02-23", "intervals", 8.5, "00:44:38", 157, "Endorphin Speed 3"),
    ("2027-02-26", "easy", 5.0, "00:30:10", 134, "Pegasus 40"),
    ("2027-02-28", "long", 12.0, "01:09:48", 140, "Pegasus 40"),
    ("2027-03-02", "easy", 7.0, "00:40:50", 136, "Pegasus 40"),
    ("2027-03-03", "easy", 8.0, "00:46:32", 137, "Pegasus 40"),
    ("2027-03-04", "easy", 6.0, "00:35:06", 135, "Pegasus 40"),
    ("2027-03-06", "easy", 4.0, "00:23:44", 132, "Pegasus 40"),
    ("2027-03-07", "race", 10.0, "00:46:12", 174, "Endorphin Speed 3"),
    ("2027-03-09", "tempo", 10.0, "00:49:50", 164, "Endorphin Speed 3"),
    ("2027-03-10", "easy", 8.0, "00:46:16", 138, "Pegasus 40"),
    ("2027-03-11", "easy", 7.6, "00:44:12", 137, "Pegasus 40"),
    ("2027-03-13", "parkrun", 5.0, "00:23:25", 172, "Endorphin Speed 3"),
    ("2027-03-14", "long", 19.0, "01:53:22", 156, "Pegasus 40"),
    ("2027-03-16", "intervals", 11.0, "00:56:06", 160, "Endorphin Speed 3"),
    ("2027-03-17", "easy", 8.4, "00:48:26", 138, "Pegasus 40"),
    ("2027-03-18", "easy", 7.0, "00:40:36", 136, "Pegasus 40"),
    ("2027-03-20", "parkrun", 5.0, "00:23:20", 172, "Endorphin Speed 3"),
    ("2027-03-21", "long", 21.0, "01:52:21", 152, "Endorphin Speed 3"),
    ("2027-03-23", "tempo", 11.0, "00:54:38", 164, "Endorphin Speed 3"),
    ("2027-03-24", "easy", 8.0, "00:46:08", 137, "Pegasus 40"),
    ("2027-03-25", "easy", 6.1, "00:35:29", 136, "Pegasus 40"),
    ("2027-03-27", "parkrun", 5.0, "00:23:15", 173, "Endorphin Speed 3"),
    ("2027-03-28", "long", 20.0, "01:52:00", 149, "Pegasus 40"),
    ("2027-03-30", "intervals", 9.0, "00:45:45", 159, "Endorphin Speed 3"),
    ("2027-03-31", "easy", 7.0, "00:40:29", 136, "Pegasus 40"),
    ("2027-04-02", "easy", 6.0, "00:35:00", 135, "Pegasus 40"),
    ("2027-04-04", "long", 16.0, "01:29:52", 146, "Pegasus 40"),
    ("2027-04-06", "race pace", 8.0, "00:39:52", 161, "Endorphin Speed 3"),
    ("2027-04-08", "easy", 6.5, "00:37:42", 135, "Pegasus 40"),
    ("2027-04-10", "parkrun", 5.0, "00:23:10", 173, "Endorphin Speed 3"),
    ("2027-04-11", "long", 12.0, "01:08:00", 143, "Pegasus 40"),
]

# the cells in order: ("markdown", id, source) or ("code", id, execution count, source); the outputs of the code
# cells are made by make_heldout23.notebook_cells
NB_INTRO = """\
# Riverside Half 2027: training block

Fourteen weeks of training for the **Riverside Half Marathon** on Sunday 18 April 2027 (start 09:30 on Castle \
Quay). The target is **sub 1:45**, a little under 5:00 per km; last year I ran 1:52:40 on the same course.

Data: my runs exported from Garmin Connect on Sunday 11 April 2027, Monday 4 January to Sunday 11 April, one row per \
run."""

NB_LOAD = f"""\
import pandas as pd
import matplotlib.pyplot as plt

RACE_KM = 21.0975
GOAL = pd.Timedelta("1:45:00")

runs = pd.read_csv("{CSV_NAME}", parse_dates=["date"])
runs.head()"""

NB_WEEKLY = """\
weekly = runs.set_index("date")["km"].resample("W-SUN").sum()
for week_end, km in weekly.items():
    print(f"w/e {week_end:%d %b}  {km:5.1f} km")
print(f"Total: {weekly.sum():.1f} km in {len(runs)} runs")"""

NB_MILEAGE = """\
## Mileage

Built up from about 36 km a week in January to a peak of **52.4 km** in the week ending 21 March. Easier weeks: \
w/e 31 January (planned) and w/e 28 February (the Achilles, see the notes at the end). The week of the 10K, w/e 7 \
March, had no long run. Two weeks of taper to finish."""

NB_PLOT = """\
fig, ax = plt.subplots(figsize=(8, 3))
weekly.plot.bar(ax=ax, color="#2a7ab0")
ax.axhline(45, ls="--", color="grey")  # the plan's 45 km a week for the build weeks
ax.set_xticklabels([f"{d:%d %b}" for d in weekly.index], rotation=45)
ax.set_ylabel("km per week")
plt.tight_layout()"""

NB_LONG_ERROR = """\
long_runs = runs[runs["type"] == "long"]
long_runs[["date", "km", "moving_time", "pace", "avg_hr"]]"""

NB_LONG = """\
def per_km(row):
    secs = pd.Timedelta(row["moving_time"]).total_seconds() / row["km"]
    return f"{int(secs // 60)}:{round(secs % 60):02d}"

runs["pace"] = runs.apply(per_km, axis=1)  # min:sec per km
long_runs = runs[runs["type"] == "long"]
long_runs[["date", "km", "moving_time", "pace", "avg_hr"]]"""

NB_LONG_NOTES = """\
## Long runs

- The 19 km on Sunday 14 March was the worst run of the block: 17 °C and sunny, I went out without breakfast and \
had nothing left after 15 km. The last 4 km were all slower than 6:20 a km and my heart rate drifted up into the \
170s.
- Lesson: porridge two hours before, and a gel every 35-40 minutes from the start.
- The 21 km on Sunday 21 March, in the race shoes and with the race gels, went to plan: 5:21 a km on average and \
it felt comfortable."""

NB_ZONES = f"""\
# Heart-rate zones from the heart-rate reserve (Karvonen)
max_hr = {MAX_HR}      # hill test on Saturday 6 February: 3 x 2 min hard up Beacon Lane, highest reading
resting_hr = {RESTING_HR}   # average of seven mornings in the first week of January, before getting up
reserve = max_hr - resting_hr

zones = {{
    "Z1 recovery": (0.50, 0.60),
    "Z2 easy": (0.60, 0.70),
    "Z3 steady": (0.70, 0.80),
    "Z4 threshold": (0.80, 0.90),
    "Z5 max": (0.90, 1.00),
}}
for name, (lo, hi) in zones.items():
    print(f"{{name:<13}} {{resting_hr + lo * reserve:.0f}}-{{resting_hr + hi * reserve:.0f}} bpm")
easy = runs[runs["type"] == "easy"]
print(f"Easy runs: average {{easy['avg_hr'].mean():.0f}} bpm, {{(easy['avg_hr'] > 146).sum()}} of {{len(easy)}} above Z2")"""

# the zones as the code above sets them: (name, low, high) as fractions of the reserve
ZONES = [
    ("Z1 recovery", 0.50, 0.60),
    ("Z2 easy", 0.60, 0.70),
    ("Z3 steady", 0.70, 0.80),
    ("Z4 threshold", 0.80, 0.90),
    ("Z5 max", 0.90, 1.00),
]

NB_PREDICT = """\
def hms(td):
    s = round(td.total_seconds())
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"

# Riegel: T2 = T1 x (D2 / D1) ** 1.06, from the Frostbite 10K on Sunday 7 March (chip time 46:12)
ten_k = pd.Timedelta(runs.loc[runs["type"] == "race", "moving_time"].iloc[0])
print("Predicted half:", hms(ten_k * (RACE_KM / 10) ** 1.06))
print("Goal pace:     ", hms(GOAL / RACE_KM)[2:], "per km")"""

NB_SHOES = """\
before = pd.Series({"Pegasus 40": 388.0, "Endorphin Speed 3": 120.0})  # km on each pair before 4 January
(runs.groupby("shoes")["km"].sum() + before).round(1)"""

NB_PLAN = """\
## Race plan and notes

**Taper.** Race week: easy 5 km on Monday, 3 x 1 km at race pace on Tuesday 13 April, easy 5 km on Thursday, rest \
on Friday and Saturday.

**Pacing.** First 5 km at 5:05 (it's crowded and uphill out of the quay), then 4:55 a km to the 18 km marker, then \
whatever is left.

**Fuel.** Porridge at 06:30. Gels at 6, 12 and 17 km (Maurten 100, the ones I used on the 21 km), water at every \
station.

**Shoes.** Endorphin Speed 3 on race day. The Pegasus are past 750 km and feel flat: retire them after the race.

**Achilles.** The left Achilles started to ache on Tuesday 23 February after the intervals. Physio (Kerry at \
Quayside Physio) on Thursday 25 February: eccentric heel drops off a step, 3 x 15 twice a day, and no speed work \
for ten days. No pain since about 10 March; keep doing the heel drops until the race.

**Logistics.** Bag drop on Castle Quay closes at 09:00; pin the number on the club vest the night before."""

CELLS = [
    ("markdown", "3c1f8a52-7d0e-4b6a-9e21-5f4c8d2a1b07", NB_INTRO),
    ("code", "a84e2b19-0c5d-4f3e-8b7a-1d6e9c4f2a58", 1, NB_LOAD),
    ("code", "5d07c3e1-9a2b-4c8d-b6f0-3e1a7d5c9b24", 2, NB_WEEKLY),
    ("markdown", "e2b9d416-3f8c-4a1e-a5d7-0c6b2e9f4d81", NB_MILEAGE),
    ("code", "71f4a0c8-2e6d-4b93-8c1a-9d5e3f7b0a62", 3, NB_PLOT),
    ("code", "c9e3b5d2-8a1f-4e07-9b4c-6f2d0a8e3c15", 4, NB_LONG_ERROR),
    ("code", "0b6d9f34-5c2e-4a78-b1e9-7a3c5d8f2e90", 6, NB_LONG),
    ("markdown", "f58a2c71-4b9d-4e3f-8d06-2c7e1b5a9f43", NB_LONG_NOTES),
    ("code", "2a9c6e08-7f3b-4d51-a9e2-4b8d0c6f1e37", 7, NB_ZONES),
    ("code", "96e1d7b3-0a4c-4f28-8e5b-1c9f3a7d2b64", 8, NB_PREDICT),
    ("code", "d3f7a1c5-6e2b-4980-b7d4-8a0e5c3f9b12", 9, NB_SHOES),
    ("markdown", "48b0e6f2-1d7a-4c3e-9f85-3b6a2d0e7c59", NB_PLAN),
    ("code", "b7c2f9e4-3a8d-4e16-8c0b-5d9f1e3a6c27", None, ""),
]

# the error the long-runs cell raised the first time (the pace column was not made yet), as IPython 8 shows it:
# (file line, code lines with their numbers, the arrow's line)
ERROR_NAME = "KeyError"
ERROR_VALUE = "\"['pace'] not in index\""
PANDAS_FRAMES = [
    (
        "~/running/.venv/lib/python3.12/site-packages/pandas/core/frame.py",
        4108,
        "DataFrame.__getitem__(self, key)",
        [
            (4106, "    if is_iterator(key):"),
            (4107, "        key = list(key)"),
            (4108, '    indexer = self.columns._get_indexer_strict(key, "columns")[1]'),
        ],
    ),
    (
        "~/running/.venv/lib/python3.12/site-packages/pandas/core/indexes/base.py",
        6200,
        "Index._get_indexer_strict(self, key, axis_name)",
        [
            (6198, "    keyarr, indexer, new_indexer = self._reindex_non_unique(keyarr)"),
            (6199, ""),
            (6200, "self._raise_if_missing(keyarr, indexer, axis_name)"),
        ],
    ),
    (
        "~/running/.venv/lib/python3.12/site-packages/pandas/core/indexes/base.py",
        6252,
        "Index._raise_if_missing(self, key, indexer, axis_name)",
        [
            (6250, '    raise KeyError(f"None of [{key}] are in the [{axis_name}]")'),
            (6251, "not_found = list(ensure_index(key)[missing_mask.nonzero()[0]].unique())"),
            (6252, 'raise KeyError(f"{not_found} not in index")'),
        ],
    ),
]

# --- the Notion export -------------------------------------------------------------------------------------------------
# "Export > Markdown & CSV, include subpages" of a Notion page, unzipped: the page as "Title <id>.md", its subpages in
# a folder "Title <id>/", the database inside it as "Name <id>.csv" (the rows of its first view) and "Name <id>_all.csv"
# (every row), and a page for each of its rows in the folder "Name <id>/", whose first lines after the title are the
# row's properties ("Property: value", empty ones left out). Links between pages are relative and URL-encoded.
# Notion writes no newline at the end of a page; its CSV files start with a byte order mark.

NOTION_FOLDER = "Export-91c4d7e2-0a6b-4f3d-b8e5-2c7a9f1d6e04"

PAGE_IDS = {
    "top": ("Wedding planning", "1f3a9c2e7b4d4e0f9a61c8d2b5e7f034"),
    "budget": ("Budget", "6c2e8b1d4a7f4c39b0e5d9a2f17c6e48"),
    "timeline": ("Day timeline", "8a4d2f6b9c1e4b7a8d3f0e5c2a9b7d16"),
    "guests": ("Guests and rooms", "a1b7e3c9d5f24a68b0c4e8f2d6a1c3e5"),
    "suppliers": ("Suppliers", "4e9f1c7a2b5d4f83a6e0c9b2d7f4a1e8"),
}

# the database's properties in its order (the title property first), and its rows in creation order
SUPPLIER_COLUMNS = ["Name", "Category", "Status", "Contact", "Quote", "Deposit", "Balance due", "Notes"]
FIRST_VIEW = ("Booked", "Status", "Booked")  # the first view: its name, and the filter "Status is Booked"
SUPPLIERS = [
    # (id, {property: value}, body)
    (
        "5b8d2e4f6a1c4d97b3e8f0a2c6d4e9b1",
        {
            "Name": "Larkspur Barn",
            "Category": "Venue",
            "Status": "Booked",
            "Contact": "Gemma Ashworth, events@larkspurbarn.example.co.uk",
            "Quote": "£5,400",
            "Deposit": "£1,500",
            "Balance due": "June 19, 2027",
            "Notes": "Friday to Sunday hire; tables, chairs and festoon lights included",
        },
        """\
Booked after the second visit. The hire runs from Friday 10 September at 14:00 to Sunday 12 September at 12:00, so \
we can decorate on Friday and clear up on Sunday morning.

- Six cottages on site for 22 people (Friday and Saturday nights)
- Parking for about 40 cars in the paddock
- Gemma is our coordinator on the day""",
    ),
    (
        "7c1e5a9d3b6f4e28a0d7c4b9e2f6a3d5",
        {
            "Name": "Hedgerow Kitchen",
            "Category": "Catering",
            "Status": "Booked",
            "Contact": "Tariq Hussain, 01632 960 274",
            "Quote": "£5,130",
            "Deposit": "£500",
            "Balance due": "August 27, 2027",
            "Notes": "Sharing platters; final numbers two weeks before",
        },
        """\
Tasting on @February 6, 2027: we chose the lamb shoulder and the roast squash with whipped feta, then the \
strawberry and elderflower pavlova.

- Canapés with the drinks reception (three each)
- Sharing platters down each table, staff to clear
- They do the dietary plates separately, labelled with the guest's name""",
    ),
    (
        "9d3f7b1e5c8a4f62b4e0d8a6c1f3b7e9",
        {
            "Name": "Hannah Lowe Photography",
            "Category": "Photography",
            "Status": "Booked",
            "Contact": "hello@hannahlowe.example.com",
            "Quote": "£1,650",
            "Deposit": "£400",
            "Balance due": "August 28, 2027",
            "Notes": "Full day, second shooter included",
        },
        """\
Met her at the Hatherden wedding fair on @November 14, 2026 and booked the same week. She covers 11:00 (getting \
ready) to 21:00 (the first dance and a bit of the band).

- Online gallery of about 500 edited photos within eight weeks
- A print box is extra (£180), decide afterwards
- Hannah wants our list of group shots by the end of August at the latest""",
    ),
    (
        "b4f8d2a6e0c34b79a5d1f9e3c7b2d6a0",
        {
            "Name": "The Copperhill Band",
            "Category": "Music",
            "Status": "Booked",
            "Contact": "Dev Malhotra, 07700 900 318",
            "Quote": "£1,400",
            "Deposit": "£350",
            "Balance due": "September 4, 2027",
            "Notes": "Three 45-minute sets plus a playlist",
        },
        """\
Five-piece: vocals, guitar, bass, drums and keys. They will learn one song of our choice for free if we tell Dev \
by 1 August.

Technical:

- A space of about 5 m x 3 m at the far end of the barn
- Two 13 A sockets on separate circuits, no more than 5 m from where they set up
- They arrive at 17:30 and set up quietly during the meal; sound check before the evening guests
- A hot meal for five (Hedgerow Kitchen know)""",
    ),
    (
        "e7c1a5b9d3f74e08c4a2b6d0f8e5c1a9",
        {
            "Name": "Crumb and Bloom Cakes",
            "Category": "Cake",
            "Status": "Booked",
            "Contact": "orders@crumbandbloom.example.co.uk",
            "Quote": "£420",
            "Deposit": "£100",
            "Balance due": "August 14, 2027",
            "Notes": "Three tiers, delivered at 11:00",
        },
        """\
Three tiers, semi-naked with fresh flowers (Wild Meadow to give them a few stems). They deliver and set it up on the \
cake table in the barn; the stand is theirs and goes back on Monday.""",
    ),
    (
        "d6b0f4a8c2e64d97b3f1a5c9e7d4b0f8",
        {
            "Name": "Hatherden Minibus Co",
            "Category": "Transport",
            "Status": "Booked",
            "Contact": "01632 960 811",
            "Quote": "£320",
            "Balance due": "September 11, 2027",
            "Notes": "16 seats, pay the driver on the night",
        },
        """\
One run at the end of the night from the barn to the Plough and Hatherden village. Cash or card to the driver.""",
    ),
    (
        "2e6a0c4f8b3d4a15c9f7e1b5d3a8c0f2",
        {
            "Name": "Wild Meadow Flowers",
            "Category": "Flowers",
            "Status": "Quote received",
            "Contact": "Ines Carvalho, hello@wildmeadow.example.com",
            "Quote": "£980",
            "Notes": "Needs our colours by 1 June",
        },
        """\
Quote of @March 22, 2027: Maya's bouquet, three bridesmaids' posies, six buttonholes, ten jam-jar arrangements for \
the tables and the arch in the orchard. All seasonal and British-grown, no floral foam.

To decide: Ines can keep the date free for us until @April 30, 2027 without a deposit; after that it's £250 to hold \
it.""",
    ),
    (
        "c5a9e3f7b1d54c86a2e0f4b8d6c3a9e7",
        {
            "Name": "Slice of Napoli",
            "Category": "Evening food",
            "Status": "Contacted",
            "Contact": "07700 900 562",
            "Notes": "Asked for a quote for 90 on 2 April; no reply yet",
        },
        """\
Wood-fired pizza van, recommended by Gemma at the barn. Would open at 21:30 in the courtyard.""",
    ),
]

# a blank line inside a toggle, as Notion writes it: the toggle's indentation
GAP = "    "

# the pages; "{budget}", "{timeline}", "{guests}" and "{suppliers}" stand for the links the export writes
NOTION_TOP = """\
# Wedding planning

<aside>
💍 Saturday 11 September 2027 · Larkspur Barn, Upper Hatherden

</aside>

Everything for the day in one place. Maya does the venue, food and flowers; Josh does the music, transport and the \
website.

[Budget]({budget})

[Day timeline]({timeline})

[Guests and rooms]({guests})

[Suppliers]({suppliers})

## Key dates

- [x]  Venue booked, deposit paid @October 3, 2026
- [x]  Save the dates sent
- [ ]  Invitations out by @May 1, 2027
- [ ]  RSVPs back by @July 17, 2027
- [ ]  Give notice of marriage at Hatherden register office (at least 29 days before, and it's valid for a year): \
appointment @June 8, 2027 at 10:15, both of us, bring passports and proof of address
- [ ]  Final numbers to Hedgerow Kitchen @August 27, 2027

## Who to call

| Who | For | Phone |
| --- | --- | --- |
| Gemma Ashworth | Larkspur Barn | 01632 960 145 |
| Tariq Hussain | Hedgerow Kitchen | 01632 960 274 |
| Dev Malhotra | The Copperhill Band | 07700 900 318 |"""

# (item, supplier, quote, paid) in pounds; a supplier's quote is its row's in the database
BUDGET_TOTAL = 18000
BUDGET_FROM = {"Maya's parents": 6000, "Josh's parents": 4000}
BUDGET_ROWS = [
    ("Venue hire, Friday to Sunday", "Larkspur Barn", 5400, 1500),
    ("Food and drink", "Hedgerow Kitchen", 5130, 500),
    ("Photographer", "Hannah Lowe Photography", 1650, 400),
    ("Band", "The Copperhill Band", 1400, 350),
    ("Flowers", "Wild Meadow Flowers", 980, 0),
    ("Cake", "Crumb and Bloom Cakes", 420, 100),
    ("Minibus", "Hatherden Minibus Co", 320, 0),
    ("Registrar and notice fees", "Hatherden register office", 684, 84),
    ("Dress and alterations", "", 1350, 1350),
    ("Suit hire (Josh and two ushers)", "", 390, 0),
    ("Rings", "", 860, 860),
    ("Evening food (estimate)", "Slice of Napoli", 450, 0),
]
NOTION_BUDGET = """\
# Budget

We agreed a total of **£18,000**: £6,000 from Maya's parents, £4,000 from Josh's parents and the rest from our \
savings.

{table}

<aside>
⚠️ At the moment we are **£1,034 over**. Options: drop the minibus (people share taxis), fewer table flowers, or \
a cheaper evening food idea.

</aside>

The venue's balance is due 12 weeks before the day, @June 19, 2027. Pay it from the joint account."""

NOTION_TIMELINE = f"""\
# Day timeline

Saturday 11 September 2027. Sunset is about 19:30.

| Time | What | Where |
| --- | --- | --- |
| 11:00 | Hannah (photographer) arrives, getting-ready photos | Swallow cottage |
| 12:45 | Guests arrive, ushers hand out the order of service | Orchard |
| 13:30 | Ceremony (the registrars come at 13:00) | Orchard |
| 14:00 | Confetti, drinks reception and lawn games | Courtyard |
| 14:45 | Group photos (list below) | Orchard |
| 16:00 | Wedding breakfast | Barn |
| 18:00 | Speeches, three of them, ten minutes each | Barn |
| 19:30 | Evening guests arrive | Courtyard |
| 20:00 | Cake cutting, then the first dance | Barn |
| 20:15 | Band, three sets | Barn |
| 21:30 | Evening food | Courtyard |
| 23:30 | Last orders at the bar | Barn |
| 00:00 | Carriages | |
| 00:30 | Everyone out, venue locked | |

<aside>
🔇 The barn's licence: after 23:00 amplified music only indoors with the doors shut, and it must stop at 23:45.

</aside>

- Rain plan
{GAP}
    Decide by 10:00 on the day with Gemma. If it's wet, the ceremony moves into the barn (chairs in rows, the \
tables go in after, during the drinks), the drinks reception goes into the cart shed and the lawn games are off.
{GAP}
- Group photos
{GAP}
    1. Us with both families
    2. Us with Maya's side
    3. Us with Josh's side
    4. Bridesmaids and ushers
    5. University friends
    6. Everyone, from the hayloft window"""

NOTION_GUESTS = f"""\
# Guests and rooms

**64** guests for the whole day and **26** more for the evening, 90 in all. RSVPs so far: 41 yes, 3 no (@April 4, \
2027).

## Dietary needs

| Need | Who |
| --- | --- |
| Vegetarian | 6 guests |
| Vegan | 2 guests |
| Coeliac (no gluten at all) | Auntie Ros |
| Severe nut allergy, carries an adrenaline pen | Uncle Pete |

Sent to Hedgerow Kitchen on @March 30, 2027; they label the plates.

## Where people stay

- Larkspur Barn's six cottages sleep 22: family only, we allocate them
- The Plough at Hatherden holds 10 rooms for us until @July 1, 2027, £95 a night with breakfast. Guests book \
themselves on 01632 960 418 and give the code **LARKSPUR-W27**
- Hatherden Lodge for the university lot: £32 a bed in shared rooms, book direct
- Cottages
{GAP}
    Swallow: Maya and the bridesmaids (Friday), then us (Saturday)
    Wren: Maya's parents
    Martin: Josh's parents
    Kestrel: Gran and Auntie Ros
    Owl and Finch: Josh's cousins

<aside>
🚌 The minibus leaves the barn at 00:15 for the Plough and the village. One trip only.

</aside>"""

# --- the Bear notes ------------------------------------------------------------------------------------------------------
# Bear 2 on a Mac, "File > Export Notes..." as TextBundle into a folder: a "<title>.textbundle" folder a note, holding
# "text.markdown" (the note as Bear keeps it: "# Title" first, #tags, ==highlights==, tasks, tables, [[links]] to other
# notes, a picture as ![](assets/name)), "info.json" (the note's metadata as Bear writes it) and, where the note has a
# picture, "assets/". Times are UTC.

BEAR_FOLDER = "Brewing notes"
BEAR_DEVICE = "Rob's MacBook Air"

# key: (title, unique identifier, created, modified, pictures (name, width, height, colours), text)
BEAR_NOTES = {
    "batch": (
        "Batch 14 Citra Pale Ale",
        "6A1F0C3E-9B72-4D85-A1E6-3F08C2B9D417",
        "2027-03-13T09:12:40Z",
        "2027-03-26T20:41:05Z",
        [("brew-day.png", 48, 36, ("#d9a441", "#6b4a2b", "#f2efe6"))],
        """\
# Batch 14 Citra Pale Ale
#brewing/batches #pale-ale

Brewed on Saturday 13 March 2027 in the garage, 23 litres into the fermenter. Based on batch 11 but with less \
bittering: batch 11 came out ==far too bitter== (about 45 IBU), so this one aims for about 35.

![](assets/brew-day.png)

## Grain bill (5.20 kg)

| Malt | kg | % |
| --- | --- | --- |
| Maris Otter | 4.40 | 84.6 |
| Vienna | 0.40 | 7.7 |
| Wheat malt | 0.25 | 4.8 |
| Crystal 60 | 0.15 | 2.9 |

## Mash and boil

- Strike water 16 litres at 73 °C, mash at ==66 °C for 60 minutes==
- Sparge with 14 litres at 76 °C
- 27 litres into the boil, 60 minute boil, Whirlfloc at 15 minutes

## Hops

| When | Hop | g |
| --- | --- | --- |
| 60 min | Magnum | 12 |
| 10 min | Citra | 20 |
| Whirlpool, 20 min at 80 °C | Citra | 40 |
| Dry hop, day 5 | Citra | 50 |
| Dry hop, day 5 | Mosaic | 30 |

## Yeast

Lallemand Verdant IPA, one 11 g packet, rehydrated for 15 minutes in 100 ml of boiled water at 30 °C. Fermented at \
19 °C in the brew fridge on the Inkbird.

## Numbers

- OG 1.052 (target 1.050, efficiency a bit better than usual)
- FG 1.011
- ABV (1.052 - 1.011) x 131.25 = **5.4%**

## Next time

- [ ] Halve the crystal: it's a touch sweet
- [ ] Try ~~Amarillo~~ Nelson Sauvin in the whirlpool
- [x] Write up the water additions, see [[Water profile]]
""",
    ),
    "log": (
        "Batch 14 fermentation log",
        "C3D8E1A2-5F40-4B9C-8E27-D61B0A4F9C35",
        "2027-03-13T16:45:02Z",
        "2027-03-26T21:03:48Z",
        [("fg-reading.png", 36, 48, ("#f4f1e8", "#c8902e", "#4a4a4a"))],
        """\
# Batch 14 fermentation log
#brewing/batches

Gravity with the hydrometer from the sample tap, temperature from the Inkbird's probe.

| Day | Date | Gravity | °C | Notes |
| --- | --- | --- | --- | --- |
| 0 | Sat 13 Mar | 1.052 | 19 | Pitched at 16:40 |
| 1 | Sun 14 Mar | – | 19 | Airlock bubbling by the evening |
| 3 | Tue 16 Mar | 1.030 | 19 | Big krausen, smells of peach |
| 5 | Thu 18 Mar | 1.018 | 20 | Dry hops in; up to 20 °C for the diacetyl rest |
| 7 | Sat 20 Mar | 1.011 | 20 | |
| 9 | Mon 22 Mar | 1.011 | 20 | Same two readings running: ==finished== |
| 10 | Tue 23 Mar | – | 2 | Cold crash |
| 13 | Fri 26 Mar | – | – | Bottled |

![](assets/fg-reading.png)

## Bottling, Friday 26 March

- 22 litres into the bottling bucket, 44 bottles of 500 ml
- Priming sugar: **120 g** of table sugar boiled in 200 ml of water, for about 2.4 volumes of CO2
- Two weeks at room temperature (about 20 °C), then into the garage
- ==Ready to drink from Friday 16 April==, three weeks after bottling

- [x] Label the bottles (green caps for batch 14)
- [ ] Take six bottles to the club night on Wednesday 21 April
""",
    ),
    "water": (
        "Water profile",
        "8E4B2D71-0C9A-4F36-B5E8-127A3C6D0F94",
        "2026-11-02T19:30:11Z",
        "2027-03-12T18:22:37Z",
        [],
        """\
# Water profile
#brewing/water

From Northfield Water's report for our supply zone (Z12 Ashby Road), 2026 averages:

| Ion | mg/l |
| --- | --- |
| Calcium | 94 |
| Magnesium | 6 |
| Sodium | 18 |
| Chloride | 38 |
| Sulphate | 52 |
| Alkalinity (as CaCO3) | 190 |

The alkalinity is ==too high for pale beers==: it pushes the mash pH up and the hops come out harsh. Fine for \
stouts.

## Every brew

- One Campden tablet per 45 litres, crushed and stirred in the night before, to get rid of the chloramine

## Pale ales and IPAs, per 30 litres of water

- Gypsum 5 g
- Calcium chloride 2 g
- Lactic acid (80%) 4 ml, in the mash water only

## Stouts and porters

- No acid
- Calcium chloride 2 g
""",
    ),
    "kit": (
        "Kit and shopping",
        "F07C5A39-E2B1-4D68-9A04-B3C81E6F5D20",
        "2027-01-10T14:05:56Z",
        "2027-03-27T10:15:09Z",
        [],
        """\
# Kit and shopping
#brewing/kit

## Bought

- [x] Brew fridge, second-hand from Marketplace, £40 (Sunday 10 January)
- [x] Inkbird ITC-308 temperature controller, £36
- [x] Sample tap for the fermenter, £4.20

## To buy

- [ ] New tap for the bottling bucket, the old one drips. Brewsmiths in Langworth have them for £3.50
- [ ] Box of 200 crown caps (green)
- [ ] 2 x 500 g spray malt for yeast starters
- [ ] ~~Refractometer~~ not needed, the hydrometer is fine

Brewsmiths give ==10% off with the club card== (Northfield Homebrew Club); open Tuesday to Saturday, 10:00 to 17:30.
""",
    ),
}
