"""Generate the private documents of the realdocs ``heldout10`` part under ``files/private10/``: a family's WhatsApp
group chat planning a surprise 80th birthday party, exported as text (``.txt``: ``[dd/mm/yyyy, hh:mm:ss] Name:
message`` lines, messages running on over several lines, media left out, deleted messages, system lines, a shared
location), a primary school PTA's fundraising spreadsheet as LibreOffice Calc writes it (``.ods``: three sheets,
dates, currency, percentages and formulas with their cached values, repeated rows and cells, merged title cells), the
user guide of a small command-line photo renamer in AsciiDoc (``.adoc``) and a garden centre's HTML-only newsletter
e-mail (``.eml``: layout tables, inline styles, a hidden preheader, a tracking pixel, quoted-printable).

    python eval/realdocs/make_heldout10.py          # rewrite them; the output is the same on every run

Standard library only. Everything is fixed text or computed from fixed text (the spreadsheet's totals, nets and
percentages from its rows), and the zip members carry a fixed date, so a rerun gives the same bytes. Every weekday
named next to a date (``Sat 20 Feb 2027``, ``Saturday 18th September``, ``Good Friday, 26 March``) is checked
against the calendar (a date without a year is in 2027; in the chat, a day without a month is the next such day
after the message), and each file is checked as its format when the files are written: the chat's lines are
export lines or continuation lines, with times that move forward; the spreadsheet's XML parses, its rows read back
as intended at the row numbers a spreadsheet shows (repeated rows counted), each event's costs are the sum of its
expenses, and its first zip member is an uncompressed ``mimetype``; the AsciiDoc's delimited blocks are closed and
its callouts are explained; the e-mail parses back to one ``text/html`` part in quoted-printable that
``html.parser`` reads. The other document of the part (Kadatch and Jenkins' paper on CRCs, a PDF made by pdfTeX)
is copied unchanged from a Debian package, as ``documents.json`` records.
"""

from __future__ import annotations

import datetime as dt
import email
import email.policy
import html
import re
import zipfile
from email.message import EmailMessage
from html.parser import HTMLParser
from io import BytesIO
from pathlib import Path
from xml.etree import ElementTree as ET

OUT = Path(__file__).resolve().parent / "files" / "private10"
YEAR = 2027
STAMP = dt.datetime(2027, 7, 20, 21, 14, 6)

# --- WhatsApp group chat (.txt) -------------------------------------------------------------------------------------

CHAT_NAME = "WhatsApp Chat with Grandads 80th.txt"
GROUP = "Grandad\u2019s 80th \U0001f382"
PEOPLE = {
    "G": GROUP,
    "J": "Jo Hartley",
    "D": "Dan Hartley",
    "K": "Kev Hartley",
    "L": "Linda Marsh",
    "S": "Sophie Marsh",
    "T": "Tom Marsh",
    "P": "Priya Hartley",
    "A": "+44 7700 900461",
}

# "dd/mm hh:mm:ss X: text", X a key of PEOPLE (G: the group's own system lines); "| " starts a line that continues
# the message above
CHAT = """\
23/08 19:02:11 G: \u200eMessages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them.
23/08 19:02:11 G: \u200eJo Hartley created group “Grandad’s 80th 🎂”
23/08 19:02:11 G: \u200eJo Hartley added Dan Hartley, Kev Hartley, Linda Marsh and Sophie Marsh
23/08 19:03:40 J: Right, you lot! Dad turns 80 on Thursday 16th September 🎉 Mum and I think a surprise party on the Saturday after is the way to go.
| NOT a word to him, he reads Mum's phone 🙈
23/08 19:04:02 L: Oh lovely!! Count us in
23/08 19:05:17 K: He'll smell a rat a mile off 😂 but yes
23/08 19:06:30 J: Options are Sat 11th or Sat 18th September. I've asked the village hall about both
23/08 19:07:55 D: 18th is better for us, Priya's at her sister's hen do on the 11th
23/08 19:08:12 S: Either is fine for me, I'm back from Sheffield on the 6th
23/08 19:15:44 J: Can someone add Tom and Priya and Amara? I've not got Amara's new number
23/08 19:16:20 G: \u200eLinda Marsh added Tom Marsh
23/08 19:16:51 G: \u200eDan Hartley added Priya Hartley
23/08 19:20:03 G: \u200eSophie Marsh added +44 7700 900461
23/08 19:20:40 A: Hiya! It's Amara 👋 new phone, new number. We're in!!
23/08 19:21:02 J: Welcome! Save that number everyone
23/08 19:22:15 P: Hi all 👋 how exciting
23/08 20:45:19 T: Evening all. I can get the meat from Hennessey's, Pete does a good deal on burgers if we order by the Wednesday before
23/08 20:47:30 L: He did the meat for our 30th, it was lovely
24/08 08:12:45 J: Hall says the 11th is taken (a wedding) so it's SATURDAY 18th SEPTEMBER 🎉🎉
24/08 08:13:30 J: Ashby Parva Village Hall, on Main Street. They've pencilled us in 12 till 6
24/08 08:20:11 P: Perfect 👍
24/08 08:31:57 K: Has it got a kitchen? Last time at the cricket club we had to boil kettles in the car park
24/08 08:40:02 J: Proper kitchen, two fridges, an urn and a hatch into the main room. No oven though, just a hob and a microwave
24/08 08:41:19 K: Good enough
24/08 12:02:33 L: What time are we thinking for the actual party? Dad's usually asleep in his chair by 8 these days 😴
24/08 12:10:48 J: I was thinking start at 1pm, food about 2, and Mum brings Dad at half 1 so everyone's in place
24/08 12:11:30 D: Works for me
24/08 12:30:05 A: Is it ok if we bring the kids? Zane's 6 and Ife's 3
24/08 12:31:12 J: Of course!! The more the merrier, kids very welcome
24/08 12:33:40 A: 🥰
24/08 18:55:27 J: Money. The hall is £16 an hour, then there's the present, the cake and decorations. I reckon £25 per household into a kitty, and anything left over goes towards Mum and Dad's Christmas
24/08 18:56:40 K: Fine by me
24/08 18:58:02 T: 👍
24/08 19:01:55 P: 👍
24/08 19:03:13 J: Kitty is my Nationwide account:
| Jo Hartley
| Sort code 07-44-81
| Account 31826457
| Reference RON80 please, so I know who's paid
24/08 19:03:50 J: This message was deleted
24/08 19:04:30 J: Oops wrong chat 🙈
24/08 19:05:02 D: 👀
25/08 07:44:10 S: Present ideas?? He's impossible to buy for
25/08 07:50:32 L: He always says he wants nothing
25/08 09:02:57 D: Three ideas from me:
| 1. Footplate experience on the Great Central Railway, he'd drive a steam engine for a day – £245
| 2. Hot air balloon flight from Leicester – £199 (but would Nan let him??)
| 3. A signed Tigers shirt, framed – £180
25/08 09:05:11 K: The steam engine, 100%. He's talked about it since he was a lad
25/08 09:06:40 P: A balloon sounds terrifying at 80 😬
25/08 09:30:19 A: Steam train gets my vote 🚂
25/08 10:12:48 L: Steam train. Mum said she'd go and watch from the platform with a flask
25/08 10:15:00 J: Steam train it is! 🚂 I'll book it for a date in October and we give him the voucher at the party
25/08 10:20:33 S: Could we get the voucher framed with a photo of him on the old Leicester line?
25/08 10:22:01 J: Love that
25/08 21:40:33 S: I'll do a slideshow of old photos! Send me anything you've got, scans or phone pics of photos are fine
25/08 21:41:10 S: Need them by Sunday 12th September at the latest so I have time to put it together
25/08 21:45:01 L: I've got the box of slides from the loft, I'll get Tom to scan some
25/08 21:46:22 T: Will I now 😂
25/08 21:46:50 L: You will
26/08 13:05:44 J: <Media omitted>
26/08 13:06:02 J: That's the hall floor plan, the stage end is where the slideshow could go
26/08 13:07:30 S: Has it got a projector?
26/08 13:20:15 J: Screen and projector yes, HDMI only. They said bring your own laptop
26/08 13:21:00 S: Ok I'll bring an adapter for my Mac
26/08 19:40:12 A: What's the dress code? Asking for Zane who wants to wear his dinosaur onesie
26/08 19:41:55 J: 😂 whatever he likes. It's a barbecue not the Ritz
27/08 17:10:09 K: Drinks are on me. I'll get a firkin of Tiger from Everards and plenty of squash and fizzy pop for the kids
27/08 17:12:31 L: Don't forget the Prosecco for the toast 🥂
27/08 17:13:02 K: As if I would
27/08 17:40:51 D: I'll do the BBQ. Steve next door is lending us his big gas one, and I'll buy a new bottle of patio gas
27/08 17:42:10 K: I'll bring my charcoal one too as backup, Bev at the hall said it's fine on the grass out the back
27/08 17:55:23 T: Meat: thinking 60 burgers and 80 sausages for 40ish people? Plus chicken thighs
27/08 17:57:01 A: We'll bring vegan burgers and falafel for us lot and anyone else who fancies them 🌱
27/08 18:03:44 P: I'll do coleslaw and a big potato salad
27/08 18:05:20 L: Sausage rolls and two quiches from me, and I'll make a gluten-free one for Auntie Pat
27/08 18:06:02 J: Auntie Pat is coeliac, not just "cutting down on bread", so a separate board and knife for hers please 🙏
27/08 18:07:40 L: Yes yes I know
27/08 18:10:12 S: I'll make a big fruit salad and a pavlova
27/08 18:15:33 D: Buns, sauces, napkins, paper plates: I'll grab them from Costco
28/08 10:10:10 J: Headcount so far: 34 including kids. Still waiting to hear from the Leicester cousins
28/08 10:12:44 D: Did anyone ask the bowls club lot? He'd want Reg and Maureen there
28/08 10:20:03 J: Mum's asking them quietly
28/08 10:25:47 K: And Jim from the allotments, he'll be gutted otherwise
28/08 10:30:19 J: Added to the list
28/08 19:02:14 S: Is Uncle Mike coming over from Perth??
28/08 19:10:40 J: He can't get the time off work, but he's going to send a video message for the slideshow
28/08 19:11:03 S: Aww ok, I'll put it at the end
28/08 19:12:30 L: Tell him to keep it under 5 minutes, you know what he's like 😂
29/08 15:33:21 L: Cake!! Who's sorting the cake?
29/08 15:40:48 P: I'll do it. Crumbs & Co in Lutterworth did our wedding cake, they're brilliant
29/08 15:41:30 P: Thinking three tier lemon drizzle with an 80 on top?
29/08 15:45:02 J: Lovely
29/08 16:01:13 S: Mum says Nan said Victoria sponge??
29/08 16:10:44 L: That was for her OWN birthday 😂
30/08 09:15:20 P: Spoke to Crumbs & Co. Three tiers feeds 60. It's £74 for lemon drizzle, £68 for chocolate fudge and £70 for Victoria sponge
30/08 09:16:02 K: Chocolate fudge. Dad would eat that for breakfast
30/08 09:18:27 D: Chocolate fudge
30/08 09:20:45 P: Ok change of plan, it's the chocolate fudge not the lemon drizzle, Grandad's favourite wins 🍫 £68, ordered for collection on the Saturday morning
30/08 09:21:33 P: They can print a photo on the top too, I'll send them the one of him on his Triumph
30/08 09:25:10 D: Ha! The 1965 one with the sideburns
30/08 09:26:00 L: 😂😂😂
30/08 09:30:41 A: Iconic
30/08 20:10:05 K: Anyone know if the hall has enough chairs? Bowls club needs theirs that weekend
30/08 20:15:52 J: 60 chairs and 8 round tables, we should be ok
31/08 20:02:17 J: Hall confirmed for Sat 18th. £16 an hour, so 12 till 6 is £96, plus a £50 deposit we get back if we leave it clean.
| The key is in a key safe by the side door, code 2719
| Bins go in the big green one behind the hall, not the school's
31/08 20:05:00 K: Noted
31/08 20:05:43 K: Also if anyone needs the folding chairs and the long trestle table from Mum's garage, the garage code is still 0402
31/08 20:07:12 T: We'll grab the trestle on the Friday
01/09 08:30:15 A: Where do we park? Is there a car park at the hall?
01/09 08:40:02 J: Only 6 spaces at the hall and they're for Nan and Grandad and Great Auntie Pat. Gary at the Royal Oak over the road says we can use the pub car park as long as a few of us have a drink in there after 😉
01/09 08:40:30 J: \u200eLocation: https://maps.google.com/?q=52.4829,-1.2338
01/09 08:41:12 J: Please NOT on Church Lane, the neighbours complained after the christening in June
01/09 09:00:55 T: Quite right too
01/09 09:02:31 A: Thanks Jo 👍
02/09 19:20:14 L: Has anyone booked anywhere to stay? Amara are you coming up on the Friday?
02/09 19:25:36 A: Yes we're driving up Friday night. Booked the Travelodge at Magna Park, £62 a night
02/09 19:26:10 S: Premier Inn in Lutterworth was £79 when I looked, Travelodge is a better shout
02/09 19:30:44 J: Mum and Dad's spare room is out obviously, as it's a surprise 🤫
02/09 19:31:20 L: You can have our sofa bed Sophie
02/09 19:31:58 S: Ta Mum
03/09 11:11:11 J: Bit of good news: the hall does a charity rate because Dad's a trustee of the bowls club, so it's £11 an hour not £16 🙌
03/09 11:12:00 J: So let's make the kitty £20 per household instead of £25. If you've already sent £25 I'll give you a fiver back at the party
03/09 11:14:40 D: Sent 💸
03/09 11:15:22 T: Sent £25 already, keep the fiver for the Prosecco 😄
03/09 11:20:03 K: Sent
03/09 12:40:49 A: Sent £20, ref RON80 x
03/09 18:02:36 P: Sent. Dan sent it from our joint account so that's us both
04/09 16:48:03 J: Change of plan on timings!! Mum says Dad's bowls match on the 18th is now the league decider and won't finish till half 12.
| So let's make it 2pm not 1pm for the start, and Mum will get him to the hall at quarter to 3
04/09 16:50:11 L: Fine, food at 3 then?
04/09 16:51:02 J: Yes, food from 3. And I've asked for the hall from 10 instead of 12 so we've got longer to set up
04/09 16:52:40 J: Set-up crew at the hall for 10am please: Dan, Tom, Kev, Sophie
04/09 16:55:09 K: Can do
04/09 16:58:30 S: Yep
05/09 09:02:22 J: Bev says the yoga class has the hall till quarter to 11, so actually let's make it 11am not 10am for setting up. She's knocked the extra hour off the bill
05/09 09:05:00 D: 👍
05/09 09:06:14 T: Even better, a lie in
05/09 12:30:18 S: Photos so far: 46!! Keep them coming. Has anyone got any of Grandad in the army?
05/09 12:45:02 L: <Media omitted>
05/09 12:45:03 L: <Media omitted>
05/09 12:45:04 L: <Media omitted>
05/09 12:46:10 L: Aldershot, 1963 I think. He was a driver in the REME
05/09 12:50:33 S: Amazing 😍
05/09 13:02:19 K: <Media omitted>
05/09 13:02:44 K: Him and me at Skegness, about 1978. Check the flares
05/09 13:05:00 S: 😂😂 perfect
06/09 19:00:00 T: Butcher order goes in on Wednesday. What's the headcount now?
06/09 19:10:47 J: 41 now! The Leicester cousins are all coming, and Reg and Maureen, and Jim from the allotments
06/09 19:12:30 T: Right, make it 70 burgers not 60 then, and 90 sausages. Chicken thighs 5kg
06/09 19:15:09 A: Our vegan stuff is separate so don't count us 😊
06/09 19:16:41 T: Noted
07/09 08:05:44 P: Just checked with Crumbs & Co, the cake can be collected from 9am on the Saturday. They shut at 1
07/09 08:06:30 D: I'll grab it on the way, half 9
07/09 08:07:02 P: 👍
08/09 20:20:20 K: Music: I've done a playlist. Buddy Holly, the Shadows, Cliff, a bit of Motown for Mum. Sophie, can I borrow your speaker?
08/09 20:22:12 S: Yep, the big JBL one
08/09 20:30:45 L: Decorations: I've got an 80 banner, 50 gold and navy balloons, and table cloths. Anyone got a pump?
08/09 20:31:30 D: I have an electric one
08/09 20:33:07 L: Bring it Saturday
08/09 20:40:58 A: The kids are making a banner too, Ife has mostly done glitter
09/09 10:00:03 J: Present booked! Great Central Railway footplate experience on Sunday 17th October, from Loughborough. I've paid the £245 from the kitty
09/09 10:02:14 L: Brilliant 🚂🚂
09/09 10:05:40 A: He'll cry
09/09 10:06:11 K: He will 😂
09/09 10:08:37 S: I'll print the voucher and get a frame from Wilko's... oh wait
09/09 10:09:02 D: RIP Wilko 😢
09/09 10:15:25 L: The Range do frames
10/09 18:44:28 J: The big card is at Linda's, please go and sign it by Wednesday 15th
10/09 18:45:03 L: Door's open after 5 most nights, or pop a note through and I'll bring it round
10/09 18:50:40 K: I'll come Tuesday
10/09 20:02:33 A: Zane has drawn Grandad a steam train for the card 🚂 can I bring it on the day?
10/09 20:03:10 L: Of course, we'll stick it inside
11/09 14:14:14 D: Problem: Steve needs his BBQ back on the Saturday night as they're off camping on the Sunday at 5am.
| So I'll take it back straight after, can someone else do the clearing up?
11/09 14:20:33 T: I'll stay and do the clear up with Kev
11/09 14:21:02 K: Yep
11/09 14:30:15 D: That means I can't get the cake at half 9 either, I'll be loading the BBQ and the gas. Priya can you?
11/09 14:35:47 P: Yes, I'll pick the cake up at 10:15 and bring it straight to the hall. It'll go in the hall kitchen fridge
11/09 14:36:20 D: ❤️
11/09 16:02:59 A: Is there anything else we can bring? Feel bad only doing the vegan bits
11/09 16:10:31 J: Could you bring a few garden games? Swingball, boules, that sort of thing, for the kids on the grass
11/09 16:12:08 A: Yes! We've got swingball and a giant Jenga
12/09 21:05:30 S: Photo deadline today! Got 112 now. The slideshow will be about 15 minutes with music
12/09 21:07:14 L: 112! 😮
12/09 21:10:02 J: You're a star Soph
12/09 21:15:00 S: <Media omitted>
12/09 21:15:30 S: Uncle Mike's video came through! 2 minutes of him in a cork hat on Cottesloe beach 😂
12/09 21:16:12 K: 😂😂 classic Mike
13/09 09:00:09 J: Weather looks ok for Saturday, 19 degrees and dry, but Tom's bringing the gazebo just in case
13/09 09:02:44 T: The 3m x 6m one, it needs 4 people to put up
13/09 09:05:31 K: I'll bring the tent pegs and the mallet, last time we lost half of them
13/09 09:06:00 T: 👍
13/09 17:20:02 A: Sunday: is there a plan for the morning? We don't head back till lunchtime
13/09 17:25:10 J: Yes! Breakfast at the Bluebell Café in Ullesthorpe, I've booked 10am for 12 people
13/09 17:30:31 L: Count me and Tom in
14/09 08:15:55 A: Us 4 as well please
14/09 08:20:17 K: And me and Sue
14/09 08:40:02 J: The Bluebell have moved us: it's now 10:30 not 10, and the table is for 16. They've got a christening brunch before us
14/09 08:41:30 P: We'll come too then 😊
14/09 08:42:10 J: Perfect, that's 16
15/09 19:30:12 L: Card's signed by everyone except Amara's lot, I'll bring it on Saturday and you can sign it at the hall
15/09 19:32:00 A: Thanks Linda 😘
15/09 21:14:44 K: Collected the firkin from Everards today, it's settling in the garage
15/09 21:15:30 D: Don't "test" it all before Saturday
15/09 21:16:02 K: No promises
16/09 07:00:00 J: HAPPY BIRTHDAY DAD (who can't see this 😂) 🎂 80 today!!
16/09 07:05:31 S: 🎉🎉🎉
16/09 07:10:22 K: Mum says he's already opened the socks from us, so he thinks that's it 😂
16/09 07:12:40 L: Bless him
16/09 19:20:05 J: Mum says he asked why we're all going to "the Royal Oak for a quiet drink" on Saturday 🙈 she told him it's for Jim's retirement
16/09 19:21:11 A: 😂 cover story
17/09 18:00:40 J: Final plan for tomorrow:
| 11:00 set-up crew at the hall (key safe code as before)
| 12:30 Kev brings the drinks, ice goes in the chest freezer
| 13:00 BBQs lit (Dan and Kev)
| 13:30 everyone else arrives, park at the Royal Oak
| 14:00 party starts officially
| 14:45 Mum brings Dad in through the side door. LIGHTS OFF and quiet!
| 15:00 food
| 16:30 slideshow, then the cake and the toast
| 18:00 out, hall clean
17/09 18:02:11 D: 🫡
17/09 18:05:00 T: Gazebo's in the car ✅
17/09 18:10:45 A: Just got to the Travelodge 🙌
17/09 19:00:02 P: This message was deleted
17/09 19:00:40 P: Ignore that, wrong photo 😂
18/09 10:20:14 P: Cake collected 🎂 it's HUGE
18/09 11:05:33 S: At the hall. The key safe is stiff, you have to push the bottom in before you turn it
18/09 11:30:21 K: <Media omitted>
18/09 11:31:02 K: Gazebo up in 20 minutes, new record
18/09 12:45:10 D: BBQs are going, the gas one needs a good 20 minutes to heat up
18/09 13:41:17 A: We're here, parked at the pub 👍
18/09 14:46:02 L: HE'S HERE
18/09 14:47:30 S: His face 😭😭
18/09 15:30:22 K: Burgers all gone in 25 minutes 😂 good call Tom
18/09 17:58:20 J: Thank you all so much. Best day. Dad said it's the best birthday he's had since his 21st ❤️
18/09 18:01:44 L: <Media omitted>
18/09 18:02:10 L: <Media omitted>
19/09 12:30:11 A: Breakfast was great, thanks Jo. Home by 4 hopefully ❤️
19/09 12:35:40 K: Hall deposit back?
19/09 12:40:03 J: Bev came round, all fine, deposit's back 👍
20/09 09:15:44 J: Kitty in the end: £445 in (22 households at £20, plus Tom's fiver).
| Out: £245 train, £77 hall (11 till 6 at £11), £68 cake, £41.30 balloons and banner.
| That leaves £13.70, which is going in the Royal Oak's air ambulance tin. Thanks all ❤️
20/09 09:20:12 T: 👏👏
20/09 09:22:48 S: Slideshow's on Google Photos if anyone wants it: https://photos.app.goo.gl/gr80Ron18Sept
20/09 09:30:00 P: Thanks Soph 😍
"""


def chat() -> str:
    """The chat as WhatsApp's "Export chat" (without media) writes it: one line per message, a message's further
    lines after it as they were typed."""
    out = []
    for line in CHAT.rstrip("\n").split("\n"):
        if line.startswith("| "):
            out.append(line[2:])
            continue
        m = re.fullmatch(r"(\d\d)/(\d\d) (\d\d:\d\d:\d\d) ([A-Z]): (.*)", line)
        if not m:
            raise SystemExit(f"chat source line not understood: {line!r}")
        day, month, time, who, text = m.groups()
        out.append(f"[{day}/{month}/{YEAR}, {time}] {PEOPLE[who]}: {text}")
    return "\n".join(out) + "\n"


# --- AsciiDoc user guide (.adoc) ------------------------------------------------------------------------------------

GUIDE = """\
= snapname User Guide
Rosa Lindqvist <rosa@snapname.example.org>
v2.4.1, 2027-03-14
:toc: left
:toclevels: 2
:version: 2.4.1
:icons: font
:source-highlighter: rouge
:experimental:
:config-file: ~/.config/snapname/snapname.toml
:journal-dir: ~/.local/share/snapname/journal

snapname renames photos after what the camera wrote into them: the moment the picture was taken, the camera,
the lens, a counter. It never touches the pixels and never edits the metadata, only the file names (and, if
you ask it to, which folder a file lives in).

This guide is for snapname {version}. Run `snapname --version` to see which one you have.

== Installing

snapname is written in Python and reads metadata through ExifTool. You need:

* Python 3.10 or newer;
* ExifTool 12.40 or newer, on your `PATH` (on Debian and Ubuntu: `sudo apt install libimage-exiftool-perl`).

[source,shell]
----
pipx install snapname==2.4.1   # <1>
snapname --version             # <2>
----
<1> pipx gives snapname a virtual environment of its own; `pip install --user snapname` works too.
<2> Prints `snapname 2.4.1 (exiftool 12.76)`: the version of snapname, then the ExifTool it found.

NOTE: The `snapname` package in the Debian and Ubuntu archives is still version 1.9. It has no `--include-videos`
and no undo journal, and it reads its settings from `~/.snapnamerc` instead of the TOML file described below.

[IMPORTANT]
====
HEIC photos from iPhones need libheif 1.12 or newer for the thumbnail check (`--check-thumbnails`).
Without it snapname still renames HEIC files, but it skips the check for them and says so once per run.
====

== Quick start

Always look before you leap: `--dry-run` prints what would happen and changes nothing.

[source,shell]
----
$ snapname --dry-run ~/Pictures/Import
would rename  IMG_4471.JPG   -> 2027-02-27_141503_canon-eos-r6.jpg
would rename  IMG_4472.JPG   -> 2027-02-27_141503_canon-eos-r6_1.jpg
would rename  DSCF0012.RAF   -> 2027-02-28_093011_x-t5.raf
would skip    notes.txt      (not a photo)
3 to rename, 1 skipped, 0 errors
----

When the list looks right, run the same command without `--dry-run`. Add `--recursive` (`-r`) to go into
subfolders as well.

== How new names are built

A name comes from a _pattern_ made of tokens in braces and plain text. The default pattern is
`+{date}_{time}_{camera}+`, which gives names such as `2027-02-27_141503_canon-eos-r6.jpg`. The extension is
kept, in lower case.

The tokens:

`+{date}+`:: The day the photo was taken, from EXIF `DateTimeOriginal`. It takes strftime codes after a colon
(`+{date:%d.%m.%Y}+`); without them it is written `%Y-%m-%d`.
`+{time}+`:: The time the photo was taken, `%H%M%S` unless you give codes (`+{time:%H-%M}+`).
`+{camera}+`:: The camera model in lower case with spaces turned into hyphens (`canon-eos-r6`, `iphone-15`).
A photo without a model gets `unknown-camera`.
`+{lens}+`:: The lens model, written the same way as the camera; empty when the file does not say.
`+{seq}+`:: A counter that numbers photos taken in the same second, 3 digits wide (`001`, `002`) unless you ask
for another width, as in `+{seq:5}+`.
`+{orig}+`:: The file's old name without its extension, for keeping the camera's own number in the new name.

TIP: Put `+{seq}+` in your pattern if you shoot bursts. Without it, photos taken in the same second only differ
by the suffix snapname adds when two names clash (see <<clashes>>).

== Command-line options

[cols="2,1,1,4",options="header"]
|===
|Option |Short |Default |What it does

|`--dry-run` |`-n` |off
|Print what would be renamed or moved and change nothing.

|`--pattern PATTERN` |`-p` |`+{date}_{time}_{camera}+`
|The pattern for new names (see the section above).

|`--recursive` |`-r` |off
|Also rename the photos in subfolders.

|`--move-to DIR` |`-m` |none
|Move each renamed photo under DIR, into a folder per year and month (`DIR/2027/02/`).

|`--on-conflict MODE` | |`suffix`
|What to do when the new name is taken: `suffix`, `skip` or `overwrite`.

|`--tz ZONE` | |the camera's offset
|Read photo times as being in ZONE (`Europe/Oslo`) when the file has no offset of its own.

|`--include-videos` | |off
|Rename MP4 and MOV files too, by their QuickTime `CreateDate`.

|`--check-thumbnails` | |off
|Check that each photo's embedded preview opens before renaming it; catches half-copied files.

|`--jobs N` |`-j` |4
|How many files to read at the same time. ExifTool is the slow part; more jobs help on SSDs, not on SD cards.

|`--no-journal` | |off
|Do not write an undo journal for this run.

|`--quiet` |`-q` |off
|Print only errors and the summary line.
|===

[[clashes]]
== When two photos want the same name

With the default `--on-conflict suffix`, the second photo gets `_1` before its extension, the third `_2`, and so
on. `skip` leaves the second photo with its old name and reports it; `overwrite` replaces the file that is
already there.

WARNING: `overwrite` deletes a photo for every clash, without asking and without a copy in the journal. The
only sensible use is re-running snapname on a folder of copies.

== The configuration file

snapname reads its settings from `~/.config/snapname/snapname.toml`. To use another file, set the
`SNAPNAME_CONFIG` environment variable to its path. Options given on the command line win over the file.

[source,toml]
----
[rename]
pattern = "{date:%Y%m%d}-{time:%H%M}-{seq}"   # <1>
on_conflict = "skip"
recursive = true

[move]
to = "~/Pictures/Library"
layout = "{date:%Y}/{date:%m}"                 # <2>

[journal]
keep_days = 30                                 # <3>
----
<1> This example is a photographer's own; the default pattern is the one given above.
<2> Folders by year and month, as `--move-to` makes them. `"{date:%Y}/{camera}"` would sort by camera instead.
<3> Keep undo journals for a month instead of the default.

The keys, and what they are when the file does not set them:

`rename.pattern`:: The naming pattern. Default: `+{date}_{time}_{camera}+`.
`rename.on_conflict`:: `suffix` (default), `skip` or `overwrite`.
`rename.recursive`:: `false` by default.
`rename.seq_width`:: The width of `+{seq}+` when the pattern does not give one. Default: 3.
`move.to`:: Where `--move-to` moves photos when it is given no folder. No default.
`move.layout`:: The folders under `move.to`. Default: `+{date:%Y}/{date:%m}+`.
`time.tz`:: The zone for photos without an offset, as `--tz`. Default: the computer's own zone.
`time.fallback`:: What to do with a photo that has no EXIF date at all: `mtime` (the default) uses the file's
modification time, `skip` leaves the photo alone, `error` stops the run.
`journal.keep_days`:: How many days to keep undo journals. Default: 60.
`journal.dir`:: Where journals are written. Default: `{journal-dir}`.
`jobs`:: As `--jobs`. Default: 4.

NOTE: Photos saved from WhatsApp, Signal or a screenshot usually have no EXIF date, so with the default
`time.fallback` they are named after the day they were saved, not the day they were taken.

== Undoing a run

Each run writes a journal of every rename and move to `{journal-dir}`, one file per run, named after the time
the run started.

[source,shell]
----
snapname undo                          # <1>
snapname undo --run 2027-03-02T10:15   # <2>
snapname undo --list                   # <3>
----
<1> Undoes the last run.
<2> Undoes an older run, named by the time it started.
<3> Lists the runs that can still be undone.

Journals older than `journal.keep_days` are deleted at the start of the next run.

WARNING: A run with `--no-journal` cannot be undone, not even by hand: snapname keeps no record of the old names.

IMPORTANT: `undo` puts files back under their old names and in their old folders. If you have edited a photo
since the run, the edited file is the one that is moved back.

== Moving to another disk

`--move-to` onto the same disk is a plain rename. Onto another disk (a USB drive, a NAS share) snapname copies
the photo, compares the SHA-256 of the copy with the original's, and deletes the original only when they match.
If you stop a run with kbd:[Ctrl+C], the photo being copied stays where it was.

WARNING: On network shares mounted with SMB version 1 the copy's modification time is rounded to 2 seconds, and
`--check-thumbnails` can be slow: allow about a second per photo.

== Time zones

Most cameras store the local time without a zone. snapname uses the photo's own offset where the camera wrote
one (EXIF `OffsetTimeOriginal`, which recent Canon, Fujifilm, Nikon and Sony bodies write), then `--tz` or
`time.tz`, then the computer's zone. A camera left on home time on holiday is the usual cause of photos an hour
or more out; `snapname shift --hours -1 FOLDER` moves the names of a folder's photos back by an hour.

== Exit codes

[horizontal]
0:: Everything was renamed (or, with `--dry-run`, would be).
1:: Bad command line, or a mistake in {config-file} (or the file `SNAPNAME_CONFIG` names).
2:: ExifTool was not found or is older than 12.40.
3:: Some photos could not be renamed; the others were. The summary line says how many.
4:: The journal could not be written, so nothing was renamed.

== Troubleshooting

`exiftool: not found`:: Install ExifTool (see <<_installing>>), or point `SNAPNAME_EXIFTOOL` at it.
Every photo becomes `unknown-camera`:: The files were probably exported by an editor that strips metadata.
Rename the originals instead.
`Permission denied` on a NAS share:: snapname needs write access to the folder itself, not only to the files.

== What's new

2.4.1 (Sun 14 Mar 2027)::
* `undo --list` shows runs in the order they happened (2.4.0 sorted them by name).
* HEIC files without libheif are no longer reported once per file.
2.4.0 (Sat 20 Feb 2027)::
* New `--include-videos`.
* `+{seq}+` is 3 digits wide by default (it was 2).
* Journals are kept 60 days by default (it was 30).
2.3.2 (Wed 13 Jan 2027)::
* Fixed `--move-to` across disks on macOS.
"""

# --- HTML-only newsletter e-mail (.eml) -----------------------------------------------------------------------------

NEWSLETTER_HTML = """\
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" lang="en">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1.0" />
<title>Spring at Hollybrook</title>
<style type="text/css">
body { margin: 0; padding: 0; background-color: #eef2e6; }
table { border-collapse: collapse; }
img { border: 0; display: block; }
@media only screen and (max-width: 620px) {
  .container { width: 100% !important; }
  .stack { display: block !important; width: 100% !important; }
}
</style>
</head>
<body style="margin:0;padding:0;background-color:#eef2e6;">
<span style="display:none;font-size:1px;color:#eef2e6;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;">Longer opening hours from Monday 1 March, Seed Swap on the 13th, and 15% off online with SPRING15.</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#eef2e6;">
<tr>
<td align="center" style="padding:12px 0;">
<table role="presentation" class="container" width="600" cellpadding="0" cellspacing="0" border="0">
<tr>
<td align="right" style="font-family:Arial,Helvetica,sans-serif;font-size:11px;color:#6b7565;padding:0 12px 8px 12px;">
Having trouble reading this? <a href="https://view.hollybrook-mail.example/c/2027-02-spring?u=8f3a21c7" style="color:#3f6b2a;">View in browser</a>
</td>
</tr>
<tr>
<td align="center" style="background-color:#3f6b2a;padding:20px;">
<a href="https://www.hollybrook-gardens.example/?utm_source=newsletter&amp;utm_medium=email&amp;utm_campaign=spring27"><img src="https://img.hollybrook-mail.example/logo-white-240.png" width="240" height="60" alt="Hollybrook Garden Centre" style="display:block;" /></a>
</td>
</tr>
<tr>
<td style="background-color:#ffffff;padding:28px 32px 8px 32px;font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:32px;color:#2d3a26;">
Spring is on its way, Dev!
</td>
</tr>
<tr>
<td style="background-color:#ffffff;padding:8px 32px 16px 32px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:23px;color:#3b4236;">
The days are drawing out, the first seed potatoes are in, and we are changing a few things for the new season. Here is what you need to know.
</td>
</tr>
<tr>
<td style="background-color:#ffffff;padding:8px 32px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f8ee;border-left:4px solid #7fae4f;">
<tr>
<td style="padding:16px 20px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:23px;color:#3b4236;">
<strong style="font-size:17px;color:#2d3a26;">Our spring and summer opening hours</strong><br />
From Monday 1 March 2027 the garden centre stays open an hour later:<br />
Monday to Saturday: 9am&nbsp;to&nbsp;6pm (winter hours were 9am to 5pm)<br />
Sunday: 10:30am&nbsp;to&nbsp;4:30pm (browsing from 10am, tills open at 10:30am)<br />
Late-night Thursdays, open until 8pm, return on 1 April and run until the end of September.
</td>
</tr>
</table>
</td>
</tr>
<tr>
<td style="background-color:#ffffff;padding:8px 32px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:23px;color:#3b4236;">
<strong style="color:#2d3a26;">The Potting Shed Caf&eacute;</strong><br />
Monday to Saturday 9:30am to 4:30pm, Sunday 10am to 4pm. Last orders for hot food are at 3pm, cakes and drinks until closing. Our new spring menu starts on Monday 8 March, with the leek and Lancashire cheese tart back by popular demand.
</td>
</tr>
<tr>
<td style="background-color:#ffffff;padding:8px 32px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:23px;color:#3b4236;">
<strong style="color:#2d3a26;">Easter opening</strong>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin-top:6px;font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#3b4236;">
<tr><td style="padding:4px 0;border-bottom:1px solid #e1e8d6;">Good Friday, 26 March</td><td align="right" style="padding:4px 0;border-bottom:1px solid #e1e8d6;">9am to 6pm</td></tr>
<tr><td style="padding:4px 0;border-bottom:1px solid #e1e8d6;">Saturday 27 March</td><td align="right" style="padding:4px 0;border-bottom:1px solid #e1e8d6;">9am to 6pm</td></tr>
<tr><td style="padding:4px 0;border-bottom:1px solid #e1e8d6;">Easter Sunday, 28 March</td><td align="right" style="padding:4px 0;border-bottom:1px solid #e1e8d6;">Closed all day</td></tr>
<tr><td style="padding:4px 0;border-bottom:1px solid #e1e8d6;">Easter Monday, 29 March</td><td align="right" style="padding:4px 0;border-bottom:1px solid #e1e8d6;">10am to 5pm</td></tr>
</table>
</td>
</tr>
<tr>
<td style="background-color:#ffffff;padding:16px 32px 8px 32px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:23px;color:#3b4236;">
<strong style="font-size:17px;color:#2d3a26;">Changes to Green Club</strong><br />
From 1 April 2027 Green Club membership goes up from &pound;10 to &pound;12 a year, the first rise since 2021. If you are already a member, you keep paying &pound;10 until your next renewal date.<br />
What members get from 1 April:
<ul style="margin:6px 0 6px 20px;padding:0;">
<li>10% off all plants, seeds and bulbs (as now)</li>
<li>5% off garden furniture and barbecues (new)</li>
<li>a free hot drink in the Potting Shed Caf&eacute; on your birthday</li>
<li>two-for-one coffees on Tuesdays (this replaces the free scone on Wednesdays)</li>
</ul>
The 10% discount no longer applies to compost, bird food and gift vouchers.
</td>
</tr>
<tr>
<td align="center" style="background-color:#ffffff;padding:8px 32px 20px 32px;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td align="center" style="background-color:#3f6b2a;border-radius:4px;">
<a href="https://www.hollybrook-gardens.example/green-club?utm_source=newsletter&amp;utm_campaign=spring27" style="display:inline-block;padding:12px 26px;font-family:Arial,Helvetica,sans-serif;font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;">Read the new Green Club terms</a>
</td>
</tr></table>
</td>
</tr>
<tr>
<td style="background-color:#f7e9c8;padding:20px 32px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:23px;color:#3b4236;">
<strong style="font-size:17px;color:#2d3a26;">15% off online</strong><br />
Use the code <strong style="letter-spacing:1px;">SPRING15</strong> at the checkout for 15% off online orders of &pound;40 or more, until midnight on Sunday 14 March 2027. One use per customer; not with other offers or Green Club discounts. Green Club members can still use their own code, GREEN10, for 10% off plants online.
</td>
</tr>
<tr>
<td style="background-color:#ffffff;padding:16px 32px 8px 32px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:23px;color:#3b4236;">
<strong style="font-size:17px;color:#2d3a26;">Home delivery</strong><br />
Local delivery (within 10 miles of the garden centre) is now free on orders over &pound;75; it used to be over &pound;50. Smaller orders cost &pound;6.95, and deliveries of more than 20 bags of compost or bark are &pound;15. We deliver Tuesday to Saturday.
</td>
</tr>
<tr>
<td style="background-color:#ffffff;padding:8px 32px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:23px;color:#3b4236;">
<strong style="font-size:17px;color:#2d3a26;">Seed Swap: Saturday 13 March</strong><br />
Bring your spare seeds (up to 10 packets, labelled with what they are and the year you saved them) and go home with someone else's. 10am to 1pm in the Orangery, free to join in. Our vegetable expert Alan Brightwell will be there to answer questions about sowing and chitting.
</td>
</tr>
<tr>
<td style="background-color:#ffffff;padding:8px 32px 24px 32px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:23px;color:#3b4236;">
<strong style="font-size:17px;color:#2d3a26;">This month's offers in store</strong><br />
Peat-free multi-purpose compost, 50 litres: 3 bags for &pound;15 (&pound;6.49 each)<br />
Seed potatoes, 2kg nets: &pound;4.99, or 3 nets for &pound;12<br />
Bare-root roses: &pound;9.99 each until Wednesday 31 March
</td>
</tr>
<tr>
<td style="background-color:#2d3a26;padding:24px 32px;font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:18px;color:#c9d3bf;">
Hollybrook Garden Centre, Long Lane, Hollybrook, Derbyshire DE65 9QX &middot; 01283 550 174<br />
You are receiving this e-mail because you joined Green Club or signed up for our newsletter at the tills.<br />
<a href="https://www.hollybrook-gardens.example/preferences?u=8f3a21c7" style="color:#c9d3bf;">Update your preferences</a> &middot; <a href="https://hollybrook-mail.example/unsubscribe?u=8f3a21c7&amp;c=spring27" style="color:#c9d3bf;">Unsubscribe</a><br />
Hollybrook Garden Centre Ltd is registered in England and Wales, company number 04718822. VAT number GB 812 4471 09.
</td>
</tr>
</table>
</td>
</tr>
</table>
<img src="https://t.hollybrook-mail.example/open/8f3a21c7/spring27.gif" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0;" />
</body>
</html>
"""


# --- LibreOffice Calc spreadsheet (.ods) ----------------------------------------------------------------------------

ODS_NAME = "brookfield-pta-fundraising-2027.ods"

# (date, weekday, event, organiser, helpers, takings); each event's costs are the sum of its rows in EXPENSES
EVENTS = [
    (
        "2027-01-14",
        "Thu",
        "Uniform swap and sale",
        "Karen Doyle",
        6,
        186.50,
        "donated uniform, 50p to £3 an item",
    ),
    (
        "2027-01-29",
        "Fri",
        "Quiz night",
        "Martin Ellery",
        8,
        842.00,
        "19 teams, £5 a head; fish and chip supper",
    ),
    (
        "2027-02-11",
        "Thu",
        "Valentine's disco (KS1 and KS2)",
        "Amy Crossley",
        12,
        1124.00,
        "two sittings, £3 a child",
    ),
    ("2027-03-05", "Fri", "Mother's Day gift room", "Hannah Pike", 5, 548.00, "gifts at £1, £2 and £3"),
    ("2027-03-25", "Thu", "Easter raffle draw", "Karen Doyle", 4, 1386.00, "tickets £1 each or 6 for £5"),
    (
        "2027-04-25",
        "Sun",
        "Sponsored walk, Bradgate Park",
        "Martin Ellery",
        15,
        2915.00,
        "5 km or 10 km route",
    ),
    (
        "2027-05-14",
        "Fri",
        "Cake sale (Year 3)",
        "Year 3 parents",
        6,
        212.80,
        "cakes baked and given by parents",
    ),
    (
        "2027-05-28",
        "Fri",
        "Film night",
        "Ruth Okafor",
        7,
        634.50,
        "£4 a ticket, popcorn and a drink included",
    ),
    (
        "2027-06-26",
        "Sat",
        "Summer fair",
        "Amy Crossley and Martin Ellery",
        40,
        4862.35,
        "card takings £2,140.00",
    ),
    (
        "2027-07-09",
        "Fri",
        "Cake sale (Year 6)",
        "Year 6 parents",
        6,
        301.20,
        "cakes baked and given by parents",
    ),
    ("2027-07-16", "Fri", "Year 6 leavers' disco", "Amy Crossley", 10, 688.00, "£5 a ticket, pizza included"),
]

# (date, paid to, what for, event, amount, paid by, reimbursed on or None)
EXPENSES_SPRING = [
    (
        "2027-01-22",
        "Amazon",
        "Quiz prizes (wine, chocolates)",
        "Quiz night",
        45.00,
        "Martin Ellery",
        "2027-02-01",
    ),
    (
        "2027-01-29",
        "The Codmother, Anstey",
        "Fish and chip supper",
        "Quiz night",
        167.40,
        "PTA debit card",
        None,
    ),
    (
        "2027-02-03",
        "Party Pieces",
        "Glow sticks and bracelets",
        "Valentine's disco (KS1 and KS2)",
        64.99,
        "Amy Crossley",
        "2027-02-15",
    ),
    (
        "2027-02-11",
        "DJ Marv (Marvin Cole)",
        "DJ, two sittings",
        "Valentine's disco (KS1 and KS2)",
        180.00,
        "PTA debit card",
        None,
    ),
    (
        "2027-02-09",
        "Booker, Leicester",
        "Squash, crisps and sweets",
        "Valentine's disco (KS1 and KS2)",
        120.01,
        "PTA debit card",
        None,
    ),
    ("2027-02-18", "Baker Ross", "Gift room stock", "Mother's Day gift room", 301.75, "PTA debit card", None),
    (
        "2027-03-10",
        "Thorntons",
        "Easter eggs for raffle prizes",
        "Easter raffle draw",
        95.00,
        "Karen Doyle",
        "2027-03-26",
    ),
    (
        "2027-03-04",
        "Raffle Tickets Direct",
        "Printed raffle tickets",
        "Easter raffle draw",
        45.00,
        "PTA debit card",
        None,
    ),
    (
        "2027-04-20",
        "Bradgate Park Trust",
        "Group parking, walk day",
        "Sponsored walk, Bradgate Park",
        60.00,
        "PTA debit card",
        None,
    ),
    (
        "2027-04-21",
        "Boots",
        "First aid kit restock",
        "Sponsored walk, Bradgate Park",
        35.00,
        "Hannah Pike",
        "2027-04-30",
    ),
]
EXPENSES_SUMMER = [
    ("2027-05-10", "Filmbank", "Screening licence", "Film night", 87.00, "PTA debit card", None),
    ("2027-05-26", "Booker, Leicester", "Popcorn and drinks", "Film night", 74.40, "PTA debit card", None),
    ("2027-06-02", "SumUp", "Card reader", "Summer fair", 39.00, "PTA debit card", None),
    (
        "2027-06-14",
        "Leicester Bouncy Castles",
        "Bouncy castle and slide, all day",
        "Summer fair",
        220.00,
        "PTA debit card",
        None,
    ),
    (
        "2027-06-15",
        "Soundwave Hire",
        "PA system and microphones",
        "Summer fair",
        150.00,
        "PTA debit card",
        None,
    ),
    ("2027-06-21", "The Range", "Tombola prizes", "Summer fair", 96.00, "Ruth Okafor", "2027-07-02"),
    ("2027-06-22", "Amazon", "Face paints and brushes", "Summer fair", 38.99, "Amy Crossley", "2027-07-02"),
    (
        "2027-06-24",
        "Gaddesby Butchers",
        "Burgers and sausages for the BBQ",
        "Summer fair",
        386.20,
        "PTA debit card",
        None,
    ),
    (
        "2027-06-24",
        "Booker, Leicester",
        "Buns, drinks and ice creams",
        "Summer fair",
        241.24,
        "PTA debit card",
        None,
    ),
    (
        "2027-06-30",
        "SumUp",
        "Card fees (1.69% of £2,140.00)",
        "Summer fair",
        36.17,
        "taken from payouts",
        None,
    ),
    (
        "2027-07-12",
        "Party Pieces",
        "Decorations",
        "Year 6 leavers' disco",
        58.50,
        "Amy Crossley",
        "2027-07-19",
    ),
    ("2027-07-16", "DJ Marv (Marvin Cole)", "DJ", "Year 6 leavers' disco", 180.00, "PTA debit card", None),
    (
        "2027-07-16",
        "Domino's, Birstall",
        "Pizza for 80",
        "Year 6 leavers' disco",
        171.50,
        "PTA debit card",
        None,
    ),
]
TARGET = 9000.00
CARD_RATE = 0.0169
CARD_TAKINGS = 2140.00
# (what, amount, agreed at the committee meeting of)
SPENDING_PLAN = [
    ("Library books (KS2 reading scheme)", 1500.00, "2027-06-08"),
    ("Year 6 leavers' hoodies (half the cost)", 640.00, "2027-06-08"),
    ("Coach for the Year 4 trip to Twycross Zoo", 495.00, "2027-05-11"),
    ("Playground markings (phase 1)", 3200.00, "2027-07-13"),
    ("Outdoor classroom canopy (deposit)", 1000.00, "2027-07-13"),
]

NS = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "style": "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "fo": "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0",
    "number": "urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0",
    "of": "urn:oasis:names:tc:opendocument:xmlns:of:1.2",
    "calcext": "urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0",
    "dc": "http://purl.org/dc/elements/1.1/",
    "meta": "urn:oasis:names:tc:opendocument:xmlns:meta:1.0",
    "loext": "urn:org:documentfoundation:names:experimental:office:xmlns:loext:1.0",
    "svg": "urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0",
}
XMLNS = " ".join(f'xmlns:{k}="{v}"' for k, v in NS.items())
COLUMNS_MAX = 1024  # LibreOffice's sheets are 1024 columns wide (16384 with the "very large" option)
ROWS_MAX = 1048576


def number(v: float) -> str:
    """A number as office:value holds it: the shortest form that reads back the same, without a trailing ".0"."""
    text = repr(round(v, 10))
    return text[:-2] if text.endswith(".0") else text


def money(v: float) -> str:
    return f"£{v:,.2f}"


def day(iso: str) -> str:
    return dt.date.fromisoformat(iso).strftime("%d/%m/%Y")


# a cell: None (empty), a str, or a tuple (kind, value, formula or None) with kind date, currency, float,
# percentage; ("title", text, columns spanned) is a merged title cell
def cell_xml(c) -> tuple[str, str]:
    """The cell's XML and the text it shows."""
    if c is None:
        return "<table:table-cell/>", ""
    if isinstance(c, str):
        return (
            f'<table:table-cell office:value-type="string" calcext:value-type="string"><text:p>{html.escape(c, False)}'
            "</text:p></table:table-cell>",
            c,
        )
    kind, value, extra = c
    if kind == "title":
        return (
            f'<table:table-cell table:style-name="ceTitle" table:number-columns-spanned="{extra}" '
            'table:number-rows-spanned="1" office:value-type="string" calcext:value-type="string">'
            f"<text:p>{html.escape(value, False)}</text:p></table:table-cell>"
            f'<table:covered-table-cell table:number-columns-repeated="{extra - 1}"/>',
            value,
        )
    formula = f' table:formula="{html.escape(extra)}"' if extra else ""
    if kind == "date":
        shown = day(value)
        return (
            f'<table:table-cell table:style-name="ceDate"{formula} office:value-type="date" '
            f'office:date-value="{value}" calcext:value-type="date"><text:p>{shown}</text:p></table:table-cell>',
            shown,
        )
    if kind == "currency":
        shown = money(value)
        return (
            f'<table:table-cell table:style-name="ceMoney"{formula} office:value-type="currency" '
            f'office:currency="GBP" office:value="{number(value)}" calcext:value-type="currency">'
            f"<text:p>{shown}</text:p></table:table-cell>",
            shown,
        )
    if kind == "percentage":
        shown = f"{value * 100:.2f}%"
        return (
            f'<table:table-cell table:style-name="cePercent"{formula} office:value-type="percentage" '
            f'office:value="{number(value)}" calcext:value-type="percentage"><text:p>{shown}</text:p>'
            "</table:table-cell>",
            shown,
        )
    if kind == "float":
        shown = number(value)
        return (
            f'<table:table-cell{formula} office:value-type="float" office:value="{number(value)}" '
            f'calcext:value-type="float"><text:p>{shown}</text:p></table:table-cell>',
            shown,
        )
    raise ValueError(kind)


def row_xml(cells: list, header: bool = False) -> tuple[str, list[str]]:
    """A row as LibreOffice writes it: the cells, then the empty cells to the sheet's edge as one repeated cell."""
    parts, shown = [], []
    for c in cells:
        x, s = cell_xml(c)
        if header:
            x = x.replace("<table:table-cell ", '<table:table-cell table:style-name="ceHeader" ', 1)
        parts.append(x)
        shown.append(s)
        if isinstance(c, tuple) and c[0] == "title":
            shown += [""] * (c[2] - 1)
    used = len(shown)
    parts.append(f'<table:table-cell table:number-columns-repeated="{COLUMNS_MAX - used}"/>')
    return '<table:table-row table:style-name="ro1">' + "".join(parts) + "</table:table-row>", shown


def empty_rows(n: int) -> str:
    repeat = f' table:number-rows-repeated="{n}"' if n > 1 else ""
    return (
        f'<table:table-row table:style-name="ro1"{repeat}>'
        f'<table:table-cell table:number-columns-repeated="{COLUMNS_MAX}"/></table:table-row>'
    )


def sheets() -> list[tuple[str, list]]:
    """The three sheets as (name, rows); a row is a list of cells, ("empty", n) for n empty rows, or ("header",
    cells)."""
    costs = {name: 0.0 for _, _, name, *_ in EVENTS}
    for e in EXPENSES_SPRING + EXPENSES_SUMMER:
        costs[e[3]] = round(costs[e[3]] + e[4], 2)
    first = 4
    events = [
        [("title", "Brookfield Primary PTA – fundraising events, January to July 2027", 9)],
        ("empty", 1),
        ("header", ["Date", "Day", "Event", "Organiser", "Helpers", "Takings", "Costs", "Net", "Notes"]),
    ]
    for i, (date, wd, name, who, helpers, takings, notes) in enumerate(EVENTS):
        r = first + i
        net = round(takings - costs[name], 2)
        events.append(
            [
                ("date", date, None),
                wd,
                name,
                who,
                ("float", helpers, None),
                ("currency", takings, None),
                (
                    "currency",
                    costs[name],
                    f"of:=SUMIF([$Expenses.$D$3:.$D$30];[.C{r}];[$Expenses.$E$3:.$E$30])",
                ),
                ("currency", net, f"of:=[.F{r}]-[.G{r}]"),
                notes,
            ]
        )
    last = first + len(EVENTS) - 1
    total_row = last + 3
    totals = {
        "helpers": sum(e[4] for e in EVENTS),
        "takings": round(sum(e[5] for e in EVENTS), 2),
        "costs": round(sum(costs.values()), 2),
    }
    totals["net"] = round(totals["takings"] - totals["costs"], 2)
    events += [
        ("empty", 2),
        [
            "Totals",
            None,
            None,
            None,
            ("float", totals["helpers"], f"of:=SUM([.E{first}:.E{last}])"),
            ("currency", totals["takings"], f"of:=SUM([.F{first}:.F{last}])"),
            ("currency", totals["costs"], f"of:=SUM([.G{first}:.G{last}])"),
            ("currency", totals["net"], f"of:=SUM([.H{first}:.H{last}])"),
        ],
    ]

    def expense_row(e):
        date, to, what, event, amount, by, back = e
        return [
            ("date", date, None),
            to,
            what,
            event,
            ("currency", amount, None),
            by,
            ("date", back, None) if back else "n/a",
        ]

    expenses = [
        [("title", "Expenses 2027 (receipts in the blue folder)", 7)],
        ("header", ["Date", "Paid to", "What for", "Event", "Amount", "Paid by", "Paid back"]),
        *[expense_row(e) for e in EXPENSES_SPRING],
        ("empty", 2),
        [None, None, "Summer term"],
        *[expense_row(e) for e in EXPENSES_SUMMER],
    ]
    planned = round(sum(p[1] for p in SPENDING_PLAN), 2)
    summary = [
        [("title", "Brookfield Primary PTA – summary for 2027", 3)],
        ("empty", 1),
        ["Target for the year", ("currency", TARGET, None)],
        ["Takings", ("currency", totals["takings"], f"of:=[$Events.F{total_row}]")],
        ["Costs", ("currency", totals["costs"], f"of:=[$Events.G{total_row}]")],
        ["Raised (net)", ("currency", totals["net"], "of:=[.B4]-[.B5]")],
        ["Share of target", ("percentage", totals["net"] / TARGET, "of:=[.B6]/[.B3]")],
        ("empty", 1),
        ["Card reader (SumUp) fee rate", ("percentage", CARD_RATE, None)],
        ["Card takings, summer fair", ("currency", CARD_TAKINGS, None)],
        ["Card fees", ("currency", round(CARD_TAKINGS * CARD_RATE, 2), "of:=[.B10]*[.B9]")],
        ("empty", 2),
        ("header", ["Spending plan", "Amount", "Agreed at meeting of"]),
        *[[what, ("currency", amount, None), ("date", when, None)] for what, amount, when in SPENDING_PLAN],
        ["Total planned", ("currency", planned, "of:=SUM([.B15:.B19])")],
        ["Left to allocate", ("currency", round(totals["net"] - planned, 2), "of:=[.B6]-[.B20]")],
    ]
    return [("Events", events), ("Expenses", expenses), ("Summary", summary)]


def ods_content() -> tuple[str, dict[str, dict[int, str]]]:
    """content.xml, and what each sheet's non-empty rows show by row number (cells joined with " | ", trailing
    empty cells left out)."""
    tables, shown = [], {}
    widths = {"Events": 9, "Expenses": 7, "Summary": 3}
    for name, rows in sheets():
        width = widths[name]
        xml_rows, n, seen = [], 0, {}
        for row in rows:
            if isinstance(row, tuple) and row[0] == "empty":
                xml_rows.append(empty_rows(row[1]))
                n += row[1]
                continue
            header = isinstance(row, tuple) and row[0] == "header"
            cells = row[1] if header else row
            x, texts = row_xml(cells, header)
            xml_rows.append(x)
            n += 1
            while texts and not texts[-1]:
                texts.pop()
            seen[n] = " | ".join(texts)
        xml_rows.append(empty_rows(ROWS_MAX - n))
        shown[name] = seen
        columns = (
            f'<table:table-column table:style-name="co1" table:number-columns-repeated="{width}" '
            'table:default-cell-style-name="Default"/>'
            f'<table:table-column table:style-name="co2" table:number-columns-repeated="{COLUMNS_MAX - width}" '
            'table:default-cell-style-name="Default"/>'
        )
        tables.append(
            f'<table:table table:name="{name}" table:style-name="ta1">{columns}'
            + "".join(xml_rows)
            + "</table:table>"
        )
    content = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<office:document-content {XMLNS} office:version="1.3"><office:scripts/>'
        '<office:font-face-decls><style:font-face style:name="Liberation Sans" svg:font-family="&apos;Liberation Sans&apos;" '
        'style:font-family-generic="swiss" style:font-pitch="variable"/>'
        "</office:font-face-decls><office:automatic-styles>"
        '<style:style style:name="co1" style:family="table-column"><style:table-column-properties '
        'fo:break-before="auto" style:column-width="3.387cm"/></style:style>'
        '<style:style style:name="co2" style:family="table-column"><style:table-column-properties '
        'fo:break-before="auto" style:column-width="2.258cm"/></style:style>'
        '<style:style style:name="ro1" style:family="table-row"><style:table-row-properties style:row-height="0.452cm" '
        'fo:break-before="auto" style:use-optimal-row-height="true"/></style:style>'
        '<style:style style:name="ta1" style:family="table" style:master-page-name="Default">'
        '<style:table-properties table:display="true" style:writing-mode="lr-tb"/></style:style>'
        '<number:currency-style style:name="N108P0" style:volatile="true"><number:currency-symbol number:language="en" '
        'number:country="GB">£</number:currency-symbol><number:number number:decimal-places="2" '
        'number:min-decimal-places="2" number:min-integer-digits="1" number:grouping="true"/></number:currency-style>'
        '<number:currency-style style:name="N108"><style:text-properties fo:color="#ff0000"/><number:text>-</number:text>'
        '<number:currency-symbol number:language="en" number:country="GB">£</number:currency-symbol><number:number '
        'number:decimal-places="2" number:min-decimal-places="2" number:min-integer-digits="1" number:grouping="true"/>'
        '<style:map style:condition="value()&gt;=0" style:apply-style-name="N108P0"/></number:currency-style>'
        '<number:date-style style:name="N37" number:automatic-order="true"><number:day number:style="long"/>'
        '<number:text>/</number:text><number:month number:style="long"/><number:text>/</number:text>'
        '<number:year number:style="long"/></number:date-style>'
        '<number:percentage-style style:name="N11"><number:number number:decimal-places="2" '
        'number:min-decimal-places="2" number:min-integer-digits="1"/><number:text>%</number:text>'
        "</number:percentage-style>"
        '<style:style style:name="ceDate" style:family="table-cell" style:parent-style-name="Default" '
        'style:data-style-name="N37"/>'
        '<style:style style:name="ceMoney" style:family="table-cell" style:parent-style-name="Default" '
        'style:data-style-name="N108"/>'
        '<style:style style:name="cePercent" style:family="table-cell" style:parent-style-name="Default" '
        'style:data-style-name="N11"/>'
        '<style:style style:name="ceHeader" style:family="table-cell" style:parent-style-name="Default">'
        '<style:table-cell-properties fo:background-color="#dee6ef"/><style:text-properties fo:font-weight="bold"/>'
        "</style:style>"
        '<style:style style:name="ceTitle" style:family="table-cell" style:parent-style-name="Default">'
        '<style:table-cell-properties style:text-align-source="fix" style:repeat-content="false"/>'
        '<style:paragraph-properties fo:text-align="center"/><style:text-properties fo:font-size="14pt" '
        'fo:font-weight="bold"/></style:style>'
        "</office:automatic-styles><office:body><office:spreadsheet>"
        '<table:calculation-settings table:automatic-find-labels="false" table:use-regular-expressions="false" '
        'table:use-wildcards="true"/>' + "".join(tables) + "<table:named-expressions/>"
        "</office:spreadsheet></office:body></office:document-content>\n"
    )
    return content, shown


ODS_STYLES = f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document-styles {XMLNS} office:version="1.3"><office:styles><style:default-style style:family="table-cell"><style:paragraph-properties style:tab-stop-distance="1.25cm"/><style:text-properties style:font-name="Liberation Sans" fo:language="en" fo:country="GB"/></style:default-style><number:number-style style:name="N0"><number:number number:min-integer-digits="1"/></number:number-style><style:style style:name="Default" style:family="table-cell"/></office:styles><office:automatic-styles><style:page-layout style:name="pm1"><style:page-layout-properties style:writing-mode="lr-tb"/></style:page-layout></office:automatic-styles><office:master-styles><style:master-page style:name="Default" style:page-layout-name="pm1"/></office:master-styles></office:document-styles>
"""

ODS_META = f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document-meta {XMLNS} office:version="1.3"><office:meta><meta:creation-date>2027-01-15T19:42:10.118000000</meta:creation-date><dc:date>2027-07-20T21:14:06.503000000</dc:date><meta:editing-duration>PT6H48M12S</meta:editing-duration><meta:editing-cycles>37</meta:editing-cycles><meta:generator>LibreOffice/7.6.4.1$Linux_X86_64 LibreOffice_project/60$Build-1</meta:generator><dc:title>PTA fundraising 2027</dc:title><meta:initial-creator>Ruth Okafor</meta:initial-creator><dc:creator>Ruth Okafor</dc:creator><meta:document-statistic meta:table-count="3" meta:cell-count="261" meta:object-count="0"/></office:meta></office:document-meta>
"""

ODS_MANIFEST = """<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">
 <manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>
 <manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/>
 <manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>
 <manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>
</manifest:manifest>
"""


def ods() -> bytes:
    content, _ = ods_content()
    members = [
        ("mimetype", "application/vnd.oasis.opendocument.spreadsheet", zipfile.ZIP_STORED),
        ("meta.xml", ODS_META, zipfile.ZIP_DEFLATED),
        ("styles.xml", ODS_STYLES, zipfile.ZIP_DEFLATED),
        ("content.xml", content, zipfile.ZIP_DEFLATED),
        ("META-INF/manifest.xml", ODS_MANIFEST, zipfile.ZIP_DEFLATED),
    ]
    buf = BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, text, compress in members:
            info = zipfile.ZipInfo(name, date_time=STAMP.timetuple()[:6])
            info.compress_type = compress
            info.external_attr = 0o644 << 16
            z.writestr(info, text.encode("utf-8"))
    return buf.getvalue()


def newsletter() -> bytes:
    """The newsletter as the mail client saved it: one text/html part, quoted-printable, no plain-text part."""
    msg = EmailMessage(policy=email.policy.default)
    msg["Return-Path"] = "<bounce-8f3a21c7@bounce.hollybrook-mail.example>"
    msg["Received"] = (
        "from mta7.hollybrook-mail.example (mta7.hollybrook-mail.example [198.51.100.27]) by mx1.example.net "
        "with ESMTPS id 4Tq9Lm2Xk8z1 for <dev.mistry@example.net>; Thu, 25 Feb 2027 07:30:14 +0000 (UTC)"
    )
    msg["From"] = "Hollybrook Garden Centre <hello@news.hollybrook-gardens.example>"
    msg["Reply-To"] = "Hollybrook Garden Centre <shop@hollybrook-gardens.example>"
    msg["To"] = "Dev Mistry <dev.mistry@example.net>"
    msg["Subject"] = (
        "\U0001f331 Spring at Hollybrook: longer opening hours, Green Club changes and a Seed Swap"
    )
    msg["Date"] = "Thu, 25 Feb 2027 07:30:12 +0000"
    msg["Message-ID"] = "<spring27.8f3a21c7@hollybrook-mail.example>"
    msg["MIME-Version"] = "1.0"
    msg["List-Unsubscribe"] = (
        "<https://hollybrook-mail.example/unsubscribe?u=8f3a21c7&c=spring27>, "
        "<mailto:unsubscribe-8f3a21c7@hollybrook-mail.example>"
    )
    msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    msg["Precedence"] = "bulk"
    msg["X-Campaign"] = "spring27"
    msg.set_content(NEWSLETTER_HTML, subtype="html", charset="utf-8", cte="quoted-printable")
    return msg.as_bytes()


# --- checks ---------------------------------------------------------------------------------------------------------

MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
DAYS = "Mon|Tue|Wed|Thu|Fri|Sat|Sun"
WEEKDAY_DATE = re.compile(
    rf"\b({DAYS})[a-z]*,? +(\d{{1,2}})(?:st|nd|rd|th)? +(" + "|".join(MONTHS) + r")[a-z]*\b(?: +(\d{4}))?",
    re.I,
)
# a weekday and a day of the month without the month ("Sat 11th", "Wednesday 15th"), as people write in a chat
WEEKDAY_DAY = re.compile(
    rf"\b({DAYS})[a-z]* +(\d{{1,2}})(?:st|nd|rd|th)\b(?! +(?:" + "|".join(MONTHS) + "))", re.I
)


def weekday_of(written: str, date: dt.date, weekday: str) -> None:
    if date.strftime("%a").lower() != weekday[:3].lower():
        raise SystemExit(f"{written!r}: {date} is a {date.strftime('%A')}")


def check_weekdays(text: str) -> int:
    """Every weekday written next to a date ("Sat 20 Feb 2027", "Saturday 18th September", a year left out meaning
    2027) is that date's weekday; returns how many were checked."""
    n = 0
    for m in WEEKDAY_DATE.finditer(text):
        month = [x.lower() for x in MONTHS].index(m[3][:3].lower()) + 1
        weekday_of(m[0], dt.date(int(m[4] or YEAR), month, int(m[2])), m[1])
        n += 1
    return n


CHAT_LINE = re.compile(r"\[(\d\d)/(\d\d)/(\d{4}), (\d\d):(\d\d):(\d\d)\] ([^:\[\]]+): (.+)")


def check_chat(text: str) -> int:
    """Each line is a message line of the export or a line continuing the message above; the first is the
    encryption notice, every sender is one of the group, times never go backwards, and a weekday written beside a
    day of the month without a month ("Sat 11th") falls on the next such day after the message. Returns the
    number of messages."""
    last, when, n = None, None, 0
    lines = text.split("\n")
    if lines[-1] != "" or "\r" in text:
        raise SystemExit("the chat does not end its lines with LF")
    for i, line in enumerate(lines[:-1], 1):
        m = CHAT_LINE.fullmatch(line)
        if not m:
            if i == 1 or line.startswith("["):
                raise SystemExit(f"chat line {i} is neither a message nor a continuation: {line!r}")
            continue
        d, mo, y, hh, mm, ss, who, body = m.groups()
        when = dt.datetime(int(y), int(mo), int(d), int(hh), int(mm), int(ss))
        if last and when < last:
            raise SystemExit(f"chat line {i}: the time goes backwards")
        if who not in PEOPLE.values():
            raise SystemExit(f"chat line {i}: {who!r} is not in the group")
        if i == 1 and not body.startswith("\u200eMessages and calls are end-to-end encrypted"):
            raise SystemExit("the chat does not start with the encryption notice")
        last = when
        n += 1
        for w in WEEKDAY_DAY.finditer(body):
            day_no = int(w[2])
            month = when.month if day_no >= when.day else when.month % 12 + 1
            weekday_of(w[0], dt.date(when.year, month, day_no), w[1])
    return n


def read_ods(data: bytes) -> dict[str, dict[int, str]]:
    """Each sheet's non-empty rows by the row number a spreadsheet shows (repeated rows counted), its cells' shown
    text joined with " | " (trailing empty cells left out); the zip's first member must be an uncompressed
    mimetype."""
    with zipfile.ZipFile(BytesIO(data)) as z:
        first = z.infolist()[0]
        if first.filename != "mimetype" or first.compress_type != zipfile.ZIP_STORED or first.extra:
            raise SystemExit("the ODS does not start with an uncompressed mimetype")
        if z.read("mimetype") != b"application/vnd.oasis.opendocument.spreadsheet":
            raise SystemExit("the ODS's mimetype is wrong")
        for name in ("META-INF/manifest.xml", "styles.xml", "meta.xml"):
            ET.fromstring(z.read(name))
        root = ET.fromstring(z.read("content.xml"))
    t, tx = f"{{{NS['table']}}}", f"{{{NS['text']}}}"
    out = {}
    for sheet in root.iter(f"{t}table"):
        rows, n = {}, 0
        for row in sheet.iter(f"{t}table-row"):
            cells = []
            for c in row:
                text = "\n".join("".join(p.itertext()) for p in c.iter(f"{tx}p"))
                repeat = int(c.get(f"{t}number-columns-repeated", "1"))
                cells += [text] * (repeat if text else min(repeat, 64))
            while cells and not cells[-1]:
                cells.pop()
            repeat = int(row.get(f"{t}number-rows-repeated", "1"))
            if cells:
                for k in range(repeat):
                    rows[n + k + 1] = " | ".join(cells)
            n += repeat
        if n != ROWS_MAX:
            raise SystemExit(f"sheet {sheet.get(f'{t}name')} has {n} rows, not {ROWS_MAX}")
        out[sheet.get(f"{t}name")] = rows
    return out


def check_ods(data: bytes) -> None:
    _, shown = ods_content()
    if read_ods(data) != shown:
        raise SystemExit("the ODS's rows do not read back as written")
    for date, weekday, *_ in EVENTS:
        weekday_of(date, dt.date.fromisoformat(date), weekday)
    for e in EXPENSES_SPRING + EXPENSES_SUMMER:
        if e[3] not in {ev[2] for ev in EVENTS}:
            raise SystemExit(f"an expense for no event: {e}")
        if e[6] and e[6] < e[0]:
            raise SystemExit(f"paid back before it was paid: {e}")
    events = shown["Events"]
    if not events[17].startswith("Totals") or "£13,700.35" not in events[17]:
        raise SystemExit("the Events sheet's totals are not on row 17")


def check_adoc(text: str) -> None:
    """Delimited blocks are closed, and each listing's callouts <1>, <2>... are explained, in order, under it."""
    lines = text.split("\n")
    if not lines[0].startswith("= ") or ":version: " not in text:
        raise SystemExit("the guide has no document title or version attribute")
    open_block, callouts = None, []
    for i, line in enumerate(lines):
        if line in ("----", "====", "|==="):
            if open_block is None:
                open_block, callouts = line, []
            elif open_block == line:
                open_block = None
                if line == "----" and callouts:
                    said = [
                        m[1]
                        for m in (re.match(r"<(\d+)> ", x) for x in lines[i + 1 : i + 1 + len(callouts)])
                        if m
                    ]
                    if said != callouts:
                        raise SystemExit(f"line {i + 1}: callouts {callouts} explained as {said}")
            continue
        if open_block == "----":
            m = re.search(r"<(\d+)>$", line)
            if m:
                callouts.append(m[1])
    if open_block:
        raise SystemExit(f"a {open_block} block is not closed")


class _Tags(HTMLParser):
    VOID = {"meta", "img", "br", "hr", "link", "input"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs) -> None:
        pass

    def handle_endtag(self, tag) -> None:
        if not self.stack or self.stack.pop() != tag:
            raise SystemExit(f"</{tag}> closes nothing open")


def check_eml(data: bytes) -> None:
    msg = email.message_from_bytes(data, policy=email.policy.default)
    if msg.is_multipart() or msg.get_content_type() != "text/html":
        raise SystemExit("the newsletter is not one text/html part")
    if msg["Content-Transfer-Encoding"] != "quoted-printable":
        raise SystemExit("the newsletter is not quoted-printable")
    if msg.get_content() != NEWSLETTER_HTML:
        raise SystemExit("the newsletter's HTML does not read back")
    parser = _Tags()
    parser.feed(NEWSLETTER_HTML)
    parser.close()
    if parser.stack:
        raise SystemExit(f"unclosed HTML elements: {parser.stack}")
    if max(len(line) for line in data.split(b"\n")) > 78:
        raise SystemExit("a line of the message is over 78 characters")


# --- writing them -------------------------------------------------------------------------------------------------


def files() -> dict[str, bytes]:
    """The part's private documents by their path under ``files/private10/``."""
    return {
        CHAT_NAME: chat().encode("utf-8"),
        ODS_NAME: ods(),
        "snapname-user-guide.adoc": GUIDE.encode("utf-8"),
        "hollybrook-spring-2027.eml": newsletter(),
    }


def check(made: dict[str, bytes]) -> None:
    for name in (CHAT_NAME, "snapname-user-guide.adoc"):
        check_weekdays(made[name].decode("utf-8"))
    check_weekdays(NEWSLETTER_HTML)
    check_weekdays(made["hollybrook-spring-2027.eml"].decode("ascii"))
    check_chat(made[CHAT_NAME].decode("utf-8"))
    check_ods(made[ODS_NAME])
    check_adoc(made["snapname-user-guide.adoc"].decode("utf-8"))
    check_eml(made["hollybrook-spring-2027.eml"])


def write_files(made: dict[str, bytes], out: Path) -> None:
    """A generator's documents (their paths under ``out``: bytes) written, folders made as needed; every
    ``make_heldoutN.py`` from this one on writes its part so."""
    for name, data in made.items():
        path = out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
