"""The text of the realdocs ``heldout17`` part's private documents, as ``make_heldout17.py`` draws or writes it: a
school's one-page trip letter photographed on a table (blocks of text, wrapped when drawn), a freelance illustration
agreement's draft with tracked changes, a moved clause and comments (paragraphs as runs, each run plain, inserted,
deleted or moved, with the comments anchored on them) and a home cook's Markdown recipe notes. Fixed text only."""

from __future__ import annotations

# --- the photo of a printed letter: (style, text) blocks, drawn top to bottom on an A4 page ---------------------------

PHOTO_NAME = "IMG_4821.JPG"
PHOTO_TAKEN = "2027:03:04 07:52:31"  # EXIF DateTimeOriginal, the morning after the letter came home
LETTER = [
    ("head", "Elmridge Primary School"),
    (
        "small",
        "Moss Lane, Elmridge, Harrogate HG3 5TW  \u00b7  01423 770415  \u00b7  office@elmridge.example.sch.uk",
    ),
    ("small", "Headteacher: Mrs A. Brightwell"),
    ("rule", ""),
    ("right", "Wednesday 3 March 2027"),
    ("body", "Dear Parents and Carers,"),
    ("bold", "Year 4 trip to Castlebeck Roman Fort \u2013 Thursday 25 March 2027"),
    (
        "body",
        "As part of our topic on the Romans in Britain, both Year 4 classes (4H and 4P) will visit Castlebeck Roman "
        "Fort near Malton. The children will take part in a workshop called \u201cA Soldier\u2019s Day on the "
        "Wall\u201d, led by the fort\u2019s education team, try on replica armour and explore the excavated "
        "barracks and bath house.",
    ),
    (
        "body",
        "We will leave school by coach at 8:45am, so please make sure your child is in the school hall by 8:30am. "
        "We expect to be back at the school gates at about 4:00pm, which is later than the usual 3:15pm finish; "
        "children who go to After School Club will be walked there by a member of staff.",
    ),
    ("bold", "Cost"),
    (
        "body",
        "The trip costs \u00a316.50 per child: \u00a310.00 towards the coach and \u00a36.50 for entry and the "
        "workshop. Please pay through ParentPay by Friday 12 March 2027. If your child receives Pupil Premium, "
        "the school will cover the full cost. We never want money to stop a child from going: if paying is "
        "difficult, please speak to Mrs Okafor in the school office in confidence.",
    ),
    ("bold", "What your child needs to bring"),
    (
        "item",
        "a packed lunch in a disposable bag (no glass bottles; please remember we are a nut-free school)",
    ),
    ("item", "a named water bottle"),
    ("item", "a waterproof coat with a hood, as most of the visit is outdoors"),
    ("item", "sturdy shoes or wellies; children should wear school uniform with their school jumper"),
    (
        "body",
        "Children do not need spending money, as there is no time to visit the gift shop. Mobile phones and smart "
        "watches must stay at home.",
    ),
    (
        "body",
        "If your child uses an inhaler or an EpiPen, please hand it to the class teacher in a named bag on the "
        "morning of the trip. We would welcome four parent helpers with a current DBS check; if you can help, "
        "please tell Mr Hallam (4H) or Miss Pryce (4P) by Wednesday 10 March.",
    ),
    (
        "body",
        "Please fill in the reply slip below and return it to your child\u2019s class teacher by Wednesday 17 "
        "March 2027.",
    ),
    ("body", "Yours sincerely,"),
    ("sign", "J. Whitcombe"),
    ("plain", "Mrs J. Whitcombe, Year 4 Phase Leader"),
    ("cut", "- - - - - - - - - - - - - - - -  please cut here  - - - - - - - - - - - - - - - -"),
    ("bold", "Reply slip: Castlebeck Roman Fort, Thursday 25 March 2027"),
    ("slip", "Child\u2019s name: ..............................................   Class: ............"),
    (
        "slip",
        "\u2610  I give permission for my child to go on the trip and have paid \u00a316.50 on ParentPay.",
    ),
    ("slip", "\u2610  I am able to help on the trip (I have a current DBS check)."),
    (
        "slip",
        "Medical needs or allergies: .......................................................................",
    ),
    ("slip", "Emergency contact number on the day: ................................................"),
    ("slip", "Signed (parent/carer): ......................................   Date: ...................."),
]

# --- the agreement's draft ----------------------------------------------------------------------------------------------

DOCX_NAME = "Illustration agreement - Lighthouse Cat - draft 3.docx"
PRIYA = ("Priya Raman", "PR")
DANIEL = ("Daniel Okoye", "DO")
AUTHORS = {"P": PRIYA, "D": DANIEL}
# A paragraph is (style, runs); a run is a string (plain text), or (change, author, text) with change "ins", "del",
# "moveFrom" or "moveTo" and author "P" or "D", or ("comment", id, runs): runs the comment ``id`` is anchored on.
# A table is ("table", rows), each row a list of cell texts, the first row the header.
AGREEMENT = [
    ("Title", ["Illustration Agreement"]),
    ("Subtitle", ["\u201cThe Lighthouse Cat\u201d \u2013 draft 3 for review, 6 April 2027"]),
    ("Heading1", ["1. Parties"]),
    (
        "Normal",
        [
            "1.1 This agreement is between Lantern Row Books Ltd, 14 Fenwick Street, Leeds LS2 7QP (\u201cthe "
            "Publisher\u201d) and Marta Kowalczyk, trading as Kowalczyk Illustration, of 3 Ropewalk Yard, York YO1 "
            "9TE (\u201cthe Illustrator\u201d)."
        ],
    ),
    (
        "Normal",
        [
            "1.2 The Publisher\u2019s contact for this agreement is Priya Raman, Managing Editor. The Illustrator "
            "is represented by Daniel Okoye of Okoye Creative Agency."
        ],
    ),
    ("Heading1", ["2. The work"]),
    (
        "Normal",
        [
            "2.1 The Illustrator will create a full-colour cover illustration and ",
            ("comment", 0, [("del", "P", "twelve"), ("ins", "P", "fourteen")]),
            " black-and-white interior illustrations for the children\u2019s book \u201cThe Lighthouse Cat\u201d "
            "by Hannah Merriweather (the \u201cWork\u201d), following the brief sent on 22 March 2027.",
        ],
    ),
    (
        "Normal",
        [
            "2.2 The fee includes two rounds of changes at the roughs stage and one round at the final stage. "
            "Further changes will be charged at ",
            ("del", "D", "\u00a335"),
            ("ins", "D", "\u00a345"),
            " per hour, agreed in writing before the work starts.",
        ],
    ),
    (
        "Normal",
        [
            "2.3 Artwork is to be delivered as layered TIFF files at 400 dpi, in CMYK, sized to the book\u2019s "
            "trim of 216 x 276 mm with 3 mm bleed."
        ],
    ),
    ("Heading1", ["3. Timetable"]),
    (
        "Normal",
        [
            "3.1 Pencil roughs of all illustrations are due by ",
            ("del", "D", "Friday 30 April 2027"),
            ("ins", "D", "Friday 14 May 2027"),
            ". The Publisher will approve them or ask for changes within ten working days.",
        ],
    ),
    (
        "Normal",
        [
            "3.2 Final artwork is due by ",
            ("del", "D", "Wednesday 30 June 2027"),
            ("ins", "D", "Friday 9 July 2027"),
            ". If the Publisher is late approving the roughs, this date moves back by the same number of days.",
        ],
    ),
    ("Heading1", ["4. Fee and payment"]),
    (
        "Normal",
        [
            "4.1 The Publisher will pay the Illustrator a total fee of ",
            ("del", "P", "\u00a34,800"),
            ("ins", "P", "\u00a35,400"),
            " for the Work, in three stages:",
        ],
    ),
    (
        "table",
        [
            ["Stage", "When it is due", "Amount"],
            ["1", "On signing this agreement", "\u00a31,350"],
            ["2", "On the Publisher\u2019s approval of the roughs", "\u00a31,350"],
            ["3", "On delivery of the final artwork", "\u00a32,700"],
        ],
    ),
    (
        "Normal",
        [
            "4.2 The Illustrator will invoice at each stage. Invoices are payable within ",
            ("comment", 1, [("del", "D", "30 days"), ("ins", "D", "14 days")]),
            " of receipt, by bank transfer.",
        ],
    ),
    (
        "Normal",
        [
            "4.3 ",
            (
                "del",
                "P",
                "The Publisher will pay a bonus of \u00a3500 if the book is shortlisted for a national "
                "book prize. ",
            ),  # fmt: skip
            "The fee is a flat fee: no further payment is due for reprints or new editions in the same format.",
        ],
    ),
    ("Heading1", ["5. Expenses"]),
    (
        "Normal",
        [
            "5.1 The Publisher will pay for courier delivery of any physical artwork.",
            (
                "ins",
                "D",
                " Travel to the Publisher\u2019s office in Leeds, when asked for, will be paid at 45p per "
                "mile.",
            ),  # fmt: skip
        ],
    ),
    ("Heading1", ["6. Rights and credit"]),
    (
        "Normal",
        [
            "6.1 The Illustrator keeps the copyright in the illustrations and grants the Publisher an exclusive "
            "licence to use them in all print and ebook editions of the Work, in all languages, worldwide, for ",
            ("del", "P", "the full term of copyright"),
            ("ins", "P", "fifteen years from first publication"),
            ".",
        ],
    ),
    (
        "Normal",
        [
            "6.2 The Illustrator will be credited on the front cover and the title page as \u201cIllustrated by "
            "Marta Kowalczyk\u201d."
        ],
    ),
    (
        "Normal",
        [
            (
                "moveTo",
                "P",
                "6.3 The Illustrator will keep the text and the illustrations confidential until the "
                "publication date, and will not share them with anyone except her agent.",
            )  # fmt: skip
        ],
    ),
    (
        "Normal",
        [
            (
                "comment",
                3,
                [
                    "6.4 The Illustrator may show the final illustrations in her portfolio and on her website "
                    "from the publication date."
                ],
            ),
        ],
    ),
    ("Heading1", ["7. Ending the agreement"]),
    (
        "Normal",
        [
            (
                "comment",
                2,
                ["7.1 Either party may end this agreement by giving 14 days\u2019 written notice."],
            ),
        ],
    ),
    (
        "Normal",
        [
            "7.2 If the Publisher ends the agreement after approving the roughs, it will pay ",
            ("del", "D", "25%"),
            ("ins", "D", "50%"),
            " of the total fee, less any stage payments already made, and the rights in unused illustrations go "
            "back to the Illustrator.",
        ],
    ),
    (
        "Normal",
        [
            (
                "moveFrom",
                "P",
                "6.3 The Illustrator will keep the text and the illustrations confidential until "
                "the publication date, and will not share them with anyone except her agent.",
            )  # fmt: skip
        ],
    ),
    ("Heading1", ["8. General"]),
    (
        "Normal",
        [
            "8.1 This agreement is governed by the law of England and Wales. Any change to it must be in writing "
            "and signed by both parties."
        ],
    ),
    ("Normal", ["Signed for Lantern Row Books Ltd: ____________________   Date: __________"]),
    ("Normal", ["Signed by the Illustrator: ____________________   Date: __________"]),
]
# comment id: (author, date, text)
COMMENTS = {
    0: (
        "P",
        "2027-04-06T10:14:00Z",
        "Editorial added two chapter-opener spots after the sales meeting, hence fourteen. Marta has seen the "
        "updated dummy and is happy with it.",
    ),
    1: (
        "D",
        "2027-04-07T16:02:00Z",
        "Marta\u2019s other publishers all pay within two weeks, so we\u2019ve asked for the same here.",
    ),
    2: (
        "P",
        "2027-04-08T09:31:00Z",
        "Our standard contract asks for 30 days\u2019 notice. I\u2019m happy to leave it at 14 for this book "
        "only, as the schedule is so short.",
    ),
    3: (
        "D",
        "2027-04-07T16:10:00Z",
        "Marta would like to post work-in-progress sketches on Instagram before publication. Can marketing "
        "confirm whether that is OK?",
    ),
}
# tracked changes' dates by author
CHANGE_DATES = {"P": "2027-04-06T10:12:00Z", "D": "2027-04-07T15:48:00Z"}

# --- the recipe notes ----------------------------------------------------------------------------------------------------

RECIPES_NAME = "Recipes.md"
RECIPES_MD = """\
# Recipes

The ones I actually make, written the way I make them. Oven temperatures are for my fan oven first; the
conventional temperature and gas mark are in brackets.

## Nan's Cheese Scones

*Makes 8 · 12–15 min at 200°C fan (220°C, gas mark 7)*

- 225g self-raising flour, plus extra for dusting
- 1 tsp baking powder
- ½ tsp mustard powder
- ¼ tsp salt
- 55g cold butter, cubed
- 100g mature Cheddar, grated
- 150ml milk, plus a splash to glaze

1. Heat the oven with a baking tray inside, so the scones go onto a hot tray.
2. Rub the butter into the flour, baking powder, mustard and salt until it looks like breadcrumbs.
3. Stir in 75g of the cheese, then the milk, with a table knife, until it just comes together. Don't knead it.
4. Pat out to 2.5cm thick and cut with a 6cm cutter. Push straight down and don't twist, or they won't rise.
5. Brush the tops with milk, scatter over the last 25g of cheese and bake until risen and golden.

> Nan always used a pinch of cayenne instead of the mustard powder. Both are good; cayenne is better with soup.

## Red Lentil & Sweet Potato Dal

*Serves 4 · about 40 min · freezes well for up to 3 months*

- 1 tbsp oil or 15g ghee
- 1 onion, finely chopped
- 3 garlic cloves, crushed
- a thumb of ginger, grated
- 1 tbsp medium curry powder
- ½ tsp ground turmeric
- 200g red lentils, rinsed until the water runs clear
- 1 sweet potato (about 300g), in 2cm cubes
- 400ml tin of coconut milk
- 500ml veg stock
- juice of ½ lime and a big handful of spinach

1. Soften the onion in the oil for 8 minutes, then add the garlic, ginger and spices for 1 minute more.
2. Add the lentils, sweet potato, coconut milk and stock. Simmer for 25 minutes, stirring now and then, until the
   lentils have collapsed and the potato is soft.
3. Stir in the spinach until it wilts, then squeeze in the lime. Taste for salt.

**Substitution:** no coconut milk? Use 400ml extra stock instead, and stir in 3 tbsp Greek yoghurt off the heat
at the end (it splits if it boils).

## Sunday Roast Chicken

*Serves 4 with leftovers · 190°C fan (210°C, gas mark 6–7)*

- 1 chicken, about 1.6kg
- 1 lemon, halved
- ½ bulb of garlic
- a few sprigs of thyme
- 30g soft butter
- 2 onions, thickly sliced, to sit the bird on

1. Take the chicken out of the fridge 30 minutes before it goes in.
2. Stuff the lemon, garlic and thyme inside, rub the butter over the skin and season well.
3. Sit it on the onions in a roasting tin. Roast for 20 minutes per 500g plus 20 minutes: for a 1.6kg bird that
   is 1 hour 25 min.
4. It's done when the juices run clear and the thickest part of the thigh reads 75°C on the probe.
5. Rest it, loosely covered with foil, for 15 minutes while the gravy is made from the onions and the juices.

> Mum's version goes in at a higher heat for the first 20 minutes and then down. I've stopped bothering; this is
> just as crisp.

## Banana Bread (Mum's, sort of)

*One 900g (2lb) loaf tin · 170°C fan (190°C, gas mark 5) · 55–60 min*

- 3 very ripe bananas (about 350g peeled)
- 75g butter, melted
- 150g light brown soft sugar
- 1 egg, beaten
- 1 tsp vanilla extract
- 1 tsp bicarbonate of soda
- ¾ tsp mixed spice
- a pinch of salt
- 190g plain flour
- 75g walnuts, chopped (optional; leave them out for Sam's lunchbox)

1. Grease and line the tin with a strip of baking paper that hangs over the long sides.
2. Mash the bananas in a big bowl, then stir in the butter, sugar, egg and vanilla.
3. Sprinkle over the bicarb, spice and salt, then fold in the flour and the nuts until there is no dry flour.
4. Scrape into the tin and bake until a skewer comes out clean. If the top browns too fast, lay foil over it
   after 40 minutes.
5. Cool in the tin for 10 minutes, then lift out on the paper.

> Mum's version uses 200g caster sugar, which I find too sweet. With really black bananas you can go down to 120g.

## Flapjacks

*Makes 16 squares · 20cm square tin · 160°C fan (180°C, gas mark 4) · 25 min*

- 125g butter
- 125g light brown soft sugar
- 3 tbsp golden syrup (dip the spoon in hot water first and it slides off)
- ¼ tsp salt
- 250g porridge oats
- a handful of sultanas (optional)

1. Line the tin with baking paper.
2. Melt the butter, sugar and syrup together in a pan over a low heat; don't let it boil.
3. Take off the heat and stir in the salt, oats and sultanas until every oat is coated.
4. Press firmly into the tin with the back of a spoon and bake until golden at the edges but still soft in the
   middle. It firms up as it cools.
5. Mark into squares while warm, then leave to cool completely in the tin before cutting right through.

**Swap:** a third of the oats can be desiccated coconut. Not for Sam's class, which is nut-free but also bans
coconut, oddly.
"""
