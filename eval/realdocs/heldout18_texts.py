"""The text of the realdocs ``heldout18`` part's private documents, as ``make_heldout18.py`` writes them: an original
short story as an EPUB 3 (a title page, then four chapters of paragraphs), a personal journal as Day One exports it
to Markdown (dated entries with a time and a place) and a planning officer's meeting invitation as Outlook saves it
(headers, the message's paragraphs, the meeting's time and place). Fixed text only."""

from __future__ import annotations

# --- the short story (EPUB 3): a title page, then one XHTML file a chapter, one <p> a paragraph -------------------

EPUB_NAME = "The Clock at Saltings Quay.epub"
STORY_TITLE = "The Clock at Saltings Quay"
STORY_AUTHOR = "Morwenna Tallis"
CHAPTERS = [
    (
        "The Twenty-to-Five Train",
        [
            "Toby Wren was twelve years old the autumn his parents went to Canada for six weeks and sent him to stay "
            "with his great-aunt Ada in Brennock. He travelled alone, with a brown suitcase, a luggage label tied to "
            "the button of his coat and a packet of egg sandwiches his mother had made at six that morning. The "
            "journey from Paddington took nearly seven hours, and the last part, on the little branch line from "
            "Lostmouth, ran so close to the estuary that spray ticked against the windows like rain.",
            "It was Saturday, 14 October 1961, and the train was late. It should have come in at twenty to five; "
            "the station clock said ten past when Toby climbed down with his case and looked along the platform "
            "for someone he had last seen when he was four.",
            "He need not have worried. Great-aunt Ada was the only person waiting, and she could not have been "
            "anyone else. She was small and very upright, in a man’s tweed coat with the sleeves turned back, and "
            "she held a walking stick that she did not seem to lean on at all.",
            "“You’ll be Tobias,” she said. “You have your grandfather’s ears. I’m sorry about that.”",
            "“Everyone calls me Toby.”",
            "“Then I shall too, when I know you better. Give me that case. No, don’t argue, I’ve carried heavier "
            "things than you’ve had hot dinners.”",
            "She was seventy-four. Toby knew this because his mother had told him three times on the platform at "
            "Paddington, as if it were a warning. Aunt Ada had been a clockmaker, his mother said, the only woman "
            "clockmaker in Cornwall, and she had kept the shop on Fore Street open for ten years after Uncle Edwin "
            "died. She was not, his mother said, a person who liked a fuss.",
            "They walked down the hill from the station in the last of the light. Brennock was a town of steep "
            "lanes and grey slate roofs, all of them tipped towards the water as if listening to it. At the bottom "
            "was the harbour, and along one side of the harbour ran Saltings Quay, with the lifeboat house at one "
            "end and the old Custom House at the other. The Custom House had a square tower, and in the tower was "
            "a clock with a white face and black hands.",
            "Toby looked at it and then at his wristwatch. “That clock’s wrong,” he said. “It says seventeen "
            "minutes past four.”",
            "“It has said seventeen minutes past four for eleven years,” said Aunt Ada, and did not say anything "
            "else until they reached her door.",
            "Her house was the narrow one at the end of Chapel Row, with a green door and a brass knocker shaped "
            "like a fish. Inside it was full of clocks. There were clocks on the mantelpiece and clocks on the "
            "stairs, a long-case clock in the hall taller than Toby’s father, and a row of carriage clocks on the "
            "kitchen dresser, each one a minute or so apart, so that when six o’clock came the kitchen chimed for "
            "nearly a quarter of an hour.",
            "“Don’t you mind the noise?” Toby asked over supper, which was fish pie.",
            "“It isn’t noise,” said Aunt Ada. “It’s company.”",
            "Before bed she told him the rules of the house. He was to be indoors by six unless he was with Silas or "
            "with her. He was not to go on the rocks below the lifeboat house when the tide was coming in, because "
            "the water came round the point faster than a man could run. He was not to touch the long-case clock "
            "in the hall, which her own father had made in 1879 and which had not missed a beat since. And he was "
            "to call her Aunt Ada, not Great-aunt, because “great” made her sound like a cathedral.",
            "After supper she showed him his room at the top of the house. From the window he could see the whole "
            "harbour, the lights of the boats and, across the estuary, the dark hump of Polwenna with a few lit "
            "windows. Below him, on the quay, the Custom House clock was a pale circle in the dark, still saying "
            "seventeen minutes past four.",
            "The next morning, which was Sunday, Aunt Ada sent him out with a shilling to buy two pasties from "
            "Mrs Trask’s bakery on the quay. “Ninepence each is robbery,” she said, “but she makes the best in the "
            "county, and she knows it.” Toby came back with the pasties and with sixpence change, because Mrs Trask "
            "had looked at him over the counter and said, “You’re Ada Penhallow’s boy, then,” and charged him "
            "only threepence each.",
            "He ate his own pasty sitting on the harbour wall. The tide was out, and the boats lay tilted on the "
            "mud, and a heron stood on one leg by the slipway of the lifeboat house as if it had been posted there "
            "on guard. A notice on the lifeboat house door said that the boat inside was the Grace Tremayne, that "
            "she had been launched on service 214 times since 1931, and that visitors were welcome on Sunday "
            "afternoons from two until four. Toby decided that he would be a visitor.",
            "It was on the quay, on the way back, that he met Silas Merrow. Silas ran the ferry across to Polwenna, "
            "a squat green boat called the Curlew, and he was sitting on an upturned crate by the steps mending a "
            "rope, with a pipe that had gone out in the corner of his mouth.",
            "“You’re the nephew,” he said.",
            "“Great-nephew,” said Toby.",
            "“Greater still, if you ask me. Nobody’s stayed with Ada since Edwin went.” Silas nodded up at the "
            "tower. “She tell you about that?”",
            "“She said it’s been stopped for eleven years.”",
            "“Eleven years in January. Stopped the night of the big storm, the twenty-sixth, at seventeen minutes "
            "past four in the morning. Edwin Penhallow kept that clock going for thirty years, wound it every "
            "Monday, oiled it every spring. The storm took half the roofs in Brennock, and when it was over the "
            "clock had stopped, and Edwin was in his bed with the pneumonia he’d caught going up that tower in the "
            "rain. He never came down the quay again.” Silas looked at his rope. “She’s never been up since. "
            "Won’t let anybody else touch it, neither. Says it’s her clock now.”",
            "“Whose clock is it really?”",
            "Silas laughed, a short bark like a seal’s. “That’s the question, boy. That’s just exactly the "
            "question. You ask her about Mr Ashdown.”",
        ],
    ),
    (
        "Mr Ashdown’s Offer",
        [
            "Toby did not have to ask. Mr Ashdown came to Chapel Row himself on Monday afternoon.",
            "He was a tall man in a camel-coloured overcoat, with a silver pencil and a very clean car, and he "
            "said he was a dealer in antique clocks and scientific instruments from Bath. He had a card to prove "
            "it: Julian Ashdown, Horological Antiques, Milsom Street. He stood in the hall among the ticking and "
            "smiled at everything.",
            "“Mrs Penhallow,” he said, “I’ve come to save you a great deal of trouble.”",
            "“I doubt that,” said Aunt Ada. “But you had better come into the kitchen.”",
            "Toby was sent to sit on the stairs, which meant that he heard everything. Mr Ashdown explained that "
            "the town council owned the Custom House, and the clock in it, and that the council had decided the "
            "tower needed a new roof. A new roof cost money. The council did not have the money. But the clock’s "
            "movement, the works behind the face, had been made in 1868 by a firm in Derby and was, said Mr "
            "Ashdown, exactly the sort of thing a collector in America would pay a good price for.",
            "“I have offered the council four hundred pounds for it,” he said. “The council would put an electric "
            "clock in its place, which would keep perfect time and never need winding. The clerk tells me that the "
            "council will vote on it on Tuesday week. He also tells me that the councillors would feel happier if "
            "you had no objection, since your late husband looked after it for so long. So I have come to ask you "
            "to write a short letter saying that you have none.”",
            "There was a silence in the kitchen, if a room with eleven clocks in it could be said to be silent.",
            "“Four hundred pounds,” said Aunt Ada at last.",
            "“It is a generous price for a movement that does not go.”",
            "“It would go,” said Aunt Ada, “if anyone went up and looked at it.”",
            "“Then why,” said Mr Ashdown gently, “has nobody done so in eleven years?”",
            "Toby, on the stairs, held his breath. But Aunt Ada only said, “Good afternoon, Mr Ashdown,” in a "
            "voice like a door closing, and a minute later the tall man came out into the hall, put on his hat, "
            "smiled at Toby as if they were both in on a joke, and went.",
            "Aunt Ada did not come out of the kitchen for a long time. When she did, she had her coat on.",
            "“Come along,” she said. “We’re going to see Silas.”",
            "They found him at the ferry steps, just back from the three o’clock crossing. The fare to Polwenna was "
            "fourpence, and the crossing took twenty minutes if the tide was with you and half an hour if it was "
            "not; it was a mile and a quarter, Silas said, though it felt longer in February. He listened to Aunt "
            "Ada without taking his pipe out of his mouth.",
            "“Four hundred,” he said when she had finished. “He’ll sell it on for two thousand, you watch.”",
            "“That is not the point.”",
            "“No,” Silas agreed. “The point is, you told that council it was your clock for eleven years, and "
            "they let you, because nobody wanted to argue with Ada Penhallow. But you never went up. And now "
            "somebody’s offered them money.”",
            "Aunt Ada looked up at the tower. The clock said seventeen minutes past four. Toby thought she looked, "
            "for the first time since he had met her, like an old woman.",
            "“Eighty-seven steps,” she said. “Edwin used to count them out loud. I haven’t the knees for it, "
            "Silas. That is the truth of it. I haven’t had the knees for it since 1955.”",
            "“The boy has,” said Silas.",
            "They both looked at Toby.",
            "“I don’t know anything about clocks,” Toby said.",
            "“No,” said Aunt Ada slowly. “But I do. And you have eyes, and a pair of hands, and you can carry a "
            "lamp. Silas, who has the key to the tower?”",
            "“Council clerk. Mr Pengelly.”",
            "“And who taught Mr Pengelly to swim?”",
            "Silas took his pipe out of his mouth for the first time. “You did, Ada.”",
            "“Then I think,” said Aunt Ada, “that Mr Pengelly will lend me the key.”",
            "He did, though not until Thursday, and not without a good deal of coughing. That left five days "
            "before the council met. Aunt Ada spent the evenings at the kitchen table with a notebook, drawing the "
            "clock’s movement from memory for Toby: the great wheel, the escapement, the pendulum that was "
            "thirty-nine inches long and beat once every second. She made him learn the names. She made him draw "
            "them back to her. On Wednesday night she went to the workshop at the back of the house and did not "
            "come out until after midnight, and in the morning there was a small paper parcel on the kitchen "
            "table with his name on it.",
            "On Tuesday it rained, and Toby spent the morning in the town library above the Institute, where a "
            "librarian called Miss Jory found him a pamphlet on the history of the harbour. The Custom House clock, "
            "it said, had been put up in 1868 and had cost two hundred and twelve pounds, raised by public "
            "subscription from the fishermen and shopkeepers of the town; the first man to wind it had been the "
            "harbourmaster, Captain Hugh Tregarthen. Toby copied this out carefully and showed it to Aunt Ada at "
            "dinner. She read it and said, “Then it was never the council’s clock at all. It was the town’s.”",
            "“Spares,” was all she said.",
        ],
    ),
    (
        "Eighty-Seven Steps",
        [
            "They went up on Thursday evening, because Aunt Ada said the quay was quietest at tea-time and she did "
            "not want an audience. It had been raining all afternoon and the wind was getting up from the "
            "south-west. Mr Pengelly’s key was as long as Toby’s hand and turned in the lock with a noise like a "
            "bone breaking.",
            "Inside, the Custom House smelled of damp paper and old rope. Aunt Ada stopped at the foot of the "
            "stairs with the lamp and would go no further.",
            "“You’ll go up,” she said, “and you’ll tell me everything you see, and I shall tell you what to do. "
            "Shout. Edwin always said the stairwell carries a voice better than a telephone.”",
            "The stairs were stone at the bottom and wood further up, worn into dips in the middle by a hundred "
            "years of boots. Aunt Ada gave him the lamp and a box of matches and a crank handle wrapped in a cloth, "
            "and made him tie the paper parcel into his jersey so that he would have both hands free.",
            "Toby counted the steps out loud, as Uncle Edwin had. At forty there was a landing with a window "
            "onto the harbour, and at sixty-one a door that was locked, and at eighty-seven a trapdoor that opened "
            "into the clock room. He climbed through, holding the lamp high.",
            "The clock room was no bigger than Aunt Ada’s kitchen. The back of the clock face filled one wall, "
            "dim and milky with the last of the daylight behind it. In the middle of the floor, on an iron frame, "
            "stood the movement: a box of brass and iron wheels as big as a chest of drawers, furred with dust. "
            "From beneath it the pendulum rod ran down through a slot in the floor, and the great weight hung on "
            "its cable in a shaft beside it.",
            "“I’m up!” he shouted.",
            "“What do you see?” Aunt Ada’s voice came up the stairwell quite clearly, as if she were standing on "
            "the step below.",
            "He told her. He told her about the dust and the pigeon feathers and the dead moths, and the crack in "
            "one pane of the face where the rain came in. She asked him about the weight, and he said it was near "
            "the bottom of its shaft. She asked him about the pendulum, and he lay on the floor with the lamp and "
            "looked down through the slot, and said that the rod was hanging crooked, leaning to one side, not "
            "straight down the way she had drawn it.",
            "There was a pause.",
            "“The suspension spring,” said Aunt Ada. “Look at the top of the rod, where it hangs from the bracket. "
            "There should be a thin strip of steel. Is it whole?”",
            "It was not. The strip was snapped clean across, and the pendulum was hanging from a stub of it, "
            "caught on the edge of its bracket. Eleven years, Toby thought. Eleven years it had hung there, "
            "waiting.",
            "“It’s broken,” he called. “Snapped in half.”",
            "“Then open the parcel.”",
            "Inside the paper were two thin strips of spring steel, each with a brass block riveted at either end, "
            "and a small screwdriver with a wooden handle worn pale by somebody’s thumb. It took Toby nearly an "
            "hour. He had to lift the pendulum, which was heavier than it looked, and hold it with one arm while "
            "he undid the old spring with the other hand, and twice he dropped the screwdriver and had to go "
            "down on his stomach to find it. Aunt Ada talked him through every turn of every screw. Her voice "
            "never once changed.",
            "It was when he was feeling along the top of the bracket for the second screw that his fingers touched "
            "paper. Someone had folded a piece of it very small and pushed it into the gap between the bracket and "
            "the wall. He worked it out and unfolded it by the lamp. It was a page torn from a notebook, and the "
            "writing on it was neat and slanting and in pencil.",
            "Monday, 23 January 1950, it said. Spring looks tired. Have asked A. to make a new pair, she makes "
            "them better than I do. Must remember to tell her where I keep the spare key to the weight-box. It is "
            "in the tea caddy with the ship on it. E.P.",
            "Toby read it twice. Then he put it in his pocket and did not say anything about it, because he did "
            "not think it was the sort of thing to shout down a stairwell.",
            "By the time the new spring was in, it was dark outside, and the storm had arrived. Rain drummed on "
            "the roof, and somewhere below a shutter banged. The pendulum hung straight.",
            "“Now the weight,” said Aunt Ada. “There is a crank. It fits on the square at the front of the big "
            "drum. Wind it until I tell you to stop.”",
            "He wound until his arms ached and the weight had climbed almost to the top of its shaft. Then, because "
            "Aunt Ada told him to, he set the hands. He had to go round to the back of the face and turn a little "
            "wheel, and watch through the cracked pane as the great black hands moved away from seventeen minutes "
            "past four for the first time in eleven years. He set them at twenty-five past seven, by his wristwatch.",
            "“Now,” said Aunt Ada. “Give the pendulum a push. Not a hard one. As if you were pushing a child on "
            "a swing who was not very brave.”",
            "He pushed it.",
            "Tick, said the clock. And then, after exactly as long as it takes to say “one”, tock. And then it "
            "went on.",
            "Toby sat on the floor of the clock room with the lamp beside him and listened to it for a long time. "
            "When he came down all eighty-seven steps, his great-aunt was sitting on the bottom one with her stick "
            "across her knees. She was crying, without making any noise about it, and she did not seem to mind "
            "that he saw.",
            "He gave her the note. She read it by the lamp, and then she laughed, a real laugh, and folded it "
            "back up very small.",
            "“The tea caddy with the ship on it,” she said. “I’ve been keeping my tea in it for eleven years.”",
        ],
    ),
    (
        "Noon",
        [
            "By the next morning everyone in Brennock knew. Mrs Trask told Toby, when he went for the bread, that "
            "her husband had heard the clock strike six from his bed and thought he had died in the night. The "
            "boys who fished off the end of the quay set their watches by it. The vicar mentioned it on Sunday, "
            "in a sermon about the prodigal son, which Aunt Ada said was in poor taste.",
            "Mr Ashdown came back on Monday. This time he did not come to Chapel Row. He went to the council "
            "offices and spoke to Mr Pengelly, and Mr Pengelly came to Chapel Row afterwards, with his hat in his "
            "hands, to say that Mr Ashdown had raised his offer to five hundred pounds, because a movement that "
            "went was worth more than one that did not.",
            "“I expect it is,” said Aunt Ada. “Sit down, Arthur. Have some tea.”",
            "The council met on Tuesday, 17 October 1961, at seven in the evening, in the upstairs room of the "
            "Custom House itself, directly under the clock. Anyone could go and listen. Toby went, and Silas, and "
            "Mrs Trask, and it seemed to Toby that half the town went, because people were standing at the back "
            "and along the stairs. Mr Ashdown sat in the front row in his camel coat. Aunt Ada sat beside Toby "
            "near the door with her stick between her knees, and did not look at him.",
            "There were eleven councillors. The chairman, a farmer called Mr Rowse, read out Mr Ashdown’s offer "
            "and the cost of the new roof, which was three hundred and twenty pounds, and asked if anyone wished "
            "to speak.",
            "Aunt Ada stood up.",
            "She did not say very much. She said that the clock had kept time for the town for ninety-three years, "
            "and had stopped for eleven of them because of a strip of steel no longer than her finger, and that it "
            "had taken a boy of twelve one hour to mend it. She said that a roof was a roof and could be paid for "
            "in other ways. She said that she would wind the clock herself every Monday, or rather Toby would until "
            "the end of half-term, and after that she would find someone with younger knees. And she said that "
            "her husband had always believed that a town should be able to look up and know what time it was "
            "without asking anybody, least of all a man from Bath.",
            "Then she sat down. Toby saw that her hands were shaking, and he put one of his on top of them, and "
            "she let him.",
            "Silas Merrow stood up next and said that the ferry would carry anybody who paid for the roof across "
            "to Polwenna and back for nothing for a year. Mrs Trask said she would give the takings of one "
            "Saturday’s pasties. Somebody at the back shouted that the lifeboat crew would hold a dance.",
            "The council voted seven to four to keep the clock.",
            "Mr Rowse said that the new roof would be paid for the way the clock had been, by subscription, and "
            "that he would start the list himself with five pounds. By the time the meeting closed, the list had "
            "been passed along the rows and back again and held sixty-three names. Silas signed it twice, once for "
            "himself and once for the Curlew.",
            "Mr Ashdown was very good about it. He shook Aunt Ada’s hand in the doorway, and said that it had "
            "been a privilege, and that if she ever changed her mind she had his card. He caught the twenty to "
            "five train the next afternoon. Toby watched it go from the end of the quay, and checked it against "
            "the Custom House clock, and the train was late again.",
            "The last days of half-term went very fast. Toby wound the clock on Monday, as he had promised, "
            "counting the steps aloud; Aunt Ada came with him as far as the landing at forty and waited there, "
            "which Silas said was thirty-nine more steps than she had managed in six years. She taught him to make "
            "a suspension spring in the workshop, and how to file a brass block square, and why you must never "
            "oil the teeth of a wheel. In return he taught her to play rummy, and she beat him at it every night.",
            "On his last morning, Saturday, 21 October 1961, a telegram came from Canada to say his parents were "
            "sailing from Montreal and would meet him at Paddington on the Tuesday. Aunt Ada read it twice and "
            "put it on the mantelpiece between two clocks.",
            "“You’ll come back,” she said. It was not a question.",
            "“At Easter,” said Toby. “If I can. Somebody’s got to do the oiling in the spring.”",
            "“Somebody has,” she agreed.",
            "At noon they stood together on Saltings Quay with his suitcase, waiting for Silas to take them across "
            "to Polwenna for a last pasty on the other side, because Toby had never been. The clock in the tower "
            "began to strike twelve. On the first stroke Silas sounded the Curlew’s horn, one long blast, and the "
            "boats in the harbour answered him, one after another, until the whole estuary was ringing.",
            "Aunt Ada put her hand on Toby’s shoulder. She did not say anything. She did not have to. Above them "
            "the black hands stood together at the top of the white face, both pointing straight up, exactly "
            "where they ought to be.",
        ],
    ),
]

# --- the journal (Day One's Markdown export): one heading a day, a time and place line, then paragraphs -----

JOURNAL_NAME = "Journal.md"
HOME = "Home, Ashley Down, Bristol"
# (date, time, place or None, paragraphs); the heading's weekday is written from the date
ENTRIES = [
    (
        "2027-01-03",
        "21:10",
        HOME,
        [
            "Three things for this year, written down so I can't pretend I didn't say them. One: parkrun every "
            "Saturday morning at Ashton Court, even in the rain. Two: the Spanish evening class at the Folk House, "
            "which is on Wednesdays and starts on the 13th (£145 for ten weeks, already paid, so no backing out). "
            "Three: find out what the knocking noise in the boiler cupboard is before it becomes an emergency.",
            "Pickle has spent the whole holiday asleep on the radiator shelf. I envy her.",
        ],
    ),
    (
        "2027-01-09",
        "10:05",
        "Ashton Court, Bristol",
        [
            "First parkrun of the year: 31:42. Dev ran it with me and talked the whole way round, which is the only "
            "reason I didn't walk up the hill at the end. Coffee and a bacon roll at the Courtyard café afterwards. "
            "Dev says if I keep going every week I'll be under thirty by March. We'll see.",
        ],
    ),
    (
        "2027-01-13",
        "21:35",
        HOME,
        [
            "First Spanish class. Nine of us, mostly retired, one couple moving to Málaga in the summer. The "
            "teacher is Lucía, from Valencia, who speaks only Spanish from the moment she walks in, which was "
            "terrifying for about ten minutes and then fine. Homework is to write five sentences about my family.",
        ],
    ),
    (
        "2027-01-18",
        "13:05",
        "Whiteladies Road, Clifton",
        [
            "Dentist check-up at Whiteladies Dental with Dr Anand. The good news is my gums are better than last "
            "time. The bad news is a small hole in a lower left molar, under an old filling, which needs doing. "
            "Booked in for Thursday 4 February at 11:40. Paid £27.40 for today.",
        ],
    ),
    (
        "2027-01-23",
        "09:58",
        "Ashton Court, Bristol",
        [
            "Parkrun in sleet: 30:58. Forty-four seconds faster than two weeks ago and I missed last week with a "
            "cold, so I'm counting that as progress.",
        ],
    ),
    (
        "2027-01-28",
        "07:15",
        HOME,
        [
            "No hot water this morning and the boiler showing an F22 fault. The pressure gauge was down at 0.3 bar. "
            "I topped it up to 1.2 with the filling loop like the video said, and it came back on, but there is a "
            "hissing from somewhere behind it now as well as the knocking.",
            "Rang Holt Heating, who did the annual service last year. Gary can come on Monday afternoon. Cold shower "
            "until then, or the gym.",
        ],
    ),
    (
        "2027-02-01",
        "18:40",
        HOME,
        [
            "Gary Holt came at two. He says the expansion vessel had lost its charge, which is why the pressure "
            "keeps dropping: the water has nowhere to go when it heats up, so it comes out through the pressure "
            "relief valve, and that's the dripping pipe outside by the bins I'd never noticed. He pumped the "
            "vessel back up to 1 bar with a bicycle pump (!) and says the relief valve needs replacing now it has "
            "been letting by. He's ordered the part and will come back on Thursday 11 February. £185 all in.",
            'He also said, kindly but clearly, that the boiler is a 2009 Worcester and is "on borrowed time", and '
            "that I should budget for a new combi within two years. Around £2,800, he thought.",
        ],
    ),
    (
        "2027-02-04",
        "15:20",
        HOME,
        [
            "Filling done. White, not the grey amalgam, which cost more but I don't care. Dr Anand was quick and "
            "it didn't hurt, though my face was numb until about three and I dribbled tea down my jumper. He wants "
            "me back to see the hygienist in May.",
        ],
    ),
    (
        "2027-02-11",
        "17:05",
        HOME,
        [
            "Gary fitted the new pressure relief valve this morning and checked the vessel again. Paid him the £185 "
            "by bank transfer. Pressure is holding at 1.3 bar tonight, and the hissing has stopped. The knocking "
            "hasn't, quite, but he says that's just the pipes expanding under the floorboards and nothing to worry "
            "about.",
        ],
    ),
    (
        "2027-02-13",
        "11:30",
        "Ashton Court, Bristol",
        [
            "Parkrun: 30:11. Dev was away in Leeds so I ran with my headphones instead.",
            'Mum rang this afternoon about her seventieth. She wants a lunch, not a party ("nobody dancing"), on '
            "Saturday 24 April at The Bell in Chew Magna. Megan and I are to sort the cake between us.",
        ],
    ),
    (
        "2027-02-20",
        "16:45",
        "Horfield, Bristol",
        [
            "I have an allotment! After two years on the waiting list the council offered me plot 14B at the "
            "Horfield allotments, a half plot, £48 a year. It is completely covered in brambles and there is a "
            "shed with no door. The woman on the next plot, Maureen, gave me a cutting of her rhubarb and a lot of "
            "advice about slugs.",
        ],
    ),
    (
        "2027-02-27",
        "17:20",
        "Horfield, Bristol",
        [
            "Megan came to help clear the plot. Five hours of brambles. Under them we found an old cast-iron bath, "
            "which Maureen says the last tenant used for growing mint. We're keeping it. Megan sat down on an "
            "upturned bucket every twenty minutes, which at seven months pregnant is fair enough.",
        ],
    ),
    (
        "2027-03-03",
        "21:40",
        HOME,
        [
            "Spanish: role-play ordering in a restaurant. I asked for the bill instead of the menu, to general "
            "delight. Lucía says my past tense is getting better. Signed up for the second term, which starts after "
            "Easter, same night, same room.",
        ],
    ),
    (
        "2027-03-08",
        "12:50",
        "Office, Kingsweston Surveys",
        [
            "A recruiter rang at lunch about a senior cartographer job at Severn Maps. I wasn't looking, but I've "
            "been at Kingsweston for six years and I know every line of every job we do. Said yes to an interview. "
            "It's on Tuesday 16 March.",
        ],
    ),
    (
        "2027-03-13",
        "10:10",
        "Ashton Court, Bristol",
        [
            "Parkrun: 29:34. Under thirty! Dev was right, and I will never hear the end of it.",
        ],
    ),
    (
        "2027-03-16",
        "19:05",
        HOME,
        [
            "Interview at Severn Maps, in their office at Temple Quay. A panel of three and then an hour's test "
            "in QGIS making a flood-risk map from their data. I think it went well. The salary is £46,500, against "
            "the £41,000 I'm on now, and they let people work from home two days a week.",
        ],
    ),
    (
        "2027-03-18",
        "16:30",
        "Filton, Bristol",
        [
            "The Polo failed its MOT at Filton Tyres & MOT, on the front nearside tyre: the tread was down to "
            "1.4mm. They had one in stock, £79 fitted, and it passed the retest the same afternoon. Everything else "
            "was fine, apart from an advisory about the rear brake discs.",
        ],
    ),
    (
        "2027-03-24",
        "20:15",
        HOME,
        [
            "Severn Maps offered me the job. I asked for time to think until after Easter, and they said that was "
            "fine. Made a list. For: the money, the work from home, proper mapping again instead of boundary "
            "surveys. Against: leaving people I like, and a longer commute on the other three days.",
        ],
    ),
    (
        "2027-03-28",
        "18:00",
        "Keynsham",
        [
            "Easter Sunday lunch at Mum's. Lamb, far too much of it. Talked about the job the whole afternoon. "
            'Mum said, "You\'ve made your list, now stop reading it." Megan just asked whether the new office has '
            "a better canteen.",
        ],
    ),
    (
        "2027-04-05",
        "19:25",
        HOME,
        [
            "Pickle has been limping since Saturday, so I took her to Gloucester Road Vets. Nothing broken: the vet "
            "says it's a sprained paw, probably from jumping off the wardrobe. Anti-inflammatory drops in her food "
            "for five days and no jumping for a week, which is a joke, since she's a cat. £62.",
        ],
    ),
    (
        "2027-04-10",
        "13:15",
        "Horfield, Bristol",
        [
            "Parkrun 29:05, then straight to the allotment. Planted the first early potatoes (Charlotte) in two "
            "rows along the fence, and a row of onion sets. Maureen inspected the rows and said they'd do.",
        ],
    ),
    (
        "2027-04-12",
        "21:00",
        HOME,
        [
            "Decided. I rang Severn Maps this morning and accepted. I start on Monday 7 June. Told my manager at "
            "Kingsweston this afternoon; with eight weeks' notice my last day is Friday 4 June. She was nice about "
            "it, which made it worse.",
        ],
    ),
    (
        "2027-04-24",
        "22:10",
        "Chew Magna",
        [
            "Mum's seventieth lunch at The Bell. Thirty-four of us in the back room. Megan gave a speech, standing "
            "up for all of it despite being due in a week, and made Mum cry twice. The cake (lemon, three tiers, "
            'from the bakery on Gloucester Road) survived the drive. Mum\'s verdict: "Nobody danced. Perfect."',
        ],
    ),
    (
        "2027-05-02",
        "09:40",
        HOME,
        [
            "Megan had the baby! A girl, Iris, born at 04:50 this morning at Southmead, 7lb 3oz. Both well. "
            "Rob sent a photo of her looking absolutely furious about the whole thing. I'm an aunt.",
        ],
    ),
    (
        "2027-05-08",
        "10:20",
        "Ashton Court, Bristol",
        [
            "Parkrun: 28:55. First time under twenty-nine minutes. Dev bought the coffees.",
        ],
    ),
    (
        "2027-05-12",
        "21:45",
        HOME,
        [
            "Last Spanish class before the summer. We each gave a short talk; mine was about the allotment, which "
            'meant learning the Spanish for "brambles" (zarzas). Lucía runs a conversation group in a café on '
            "Thursdays over the summer, so I might go to that.",
        ],
    ),
    (
        "2027-05-19",
        "07:50",
        HOME,
        [
            "The boiler is making a noise like a kettle coming to the boil, a rumbling bang, every time the "
            "heating comes on. Gary came out yesterday evening. He says it's limescale in the heat exchanger, "
            "which is what happens with our water and an old boiler. He could do a power flush for £420, but "
            "he didn't think it was worth it on a boiler that age.",
            "So that's decided too: I'm replacing it this summer. Getting three quotes, starting with Gary's.",
        ],
    ),
    (
        "2027-05-27",
        "12:35",
        "Whiteladies Road, Clifton",
        [
            "Hygienist at Whiteladies Dental: scale and polish, £58. She told me off, gently, about flossing, and "
            "gave me interdental brushes instead, the pink ones, size 2, to use every night.",
        ],
    ),
    (
        "2027-06-04",
        "23:30",
        "Kingsweston Surveys",
        [
            "Last day at Kingsweston. Leaving drinks at the Hare on the Hill. They gave me a card signed by "
            "everyone, a fern for the new desk and a framed 1880s map of the Avon gorge, which is the nicest "
            "present anyone has given me in years.",
        ],
    ),
    (
        "2027-06-07",
        "18:10",
        "Temple Quay, Bristol",
        [
            "First day at Severn Maps. My manager is Rachel Byrne, who interviewed me; my desk is by the window "
            "on the fourth floor and you can see the trains coming into Temple Meads. Spent most of the day "
            "setting up my laptop. The canteen is better, Megan will be glad to hear.",
        ],
    ),
    (
        "2027-06-12",
        "16:00",
        HOME,
        [
            "Boiler quotes are all in: £2,650 from Holt Heating for a Worcester Bosch 4000, £3,100 from the big "
            "firm on the radio, £2,900 from a man Dev knows. Going with Gary, since he knows the house and he was "
            "honest about the power flush. He's fitting it on Monday 28 June, and I'll have no heating or hot "
            "water for the day.",
        ],
    ),
    (
        "2027-06-19",
        "18:45",
        "Horfield, Bristol",
        [
            "Dug the first Charlotte potatoes this afternoon, ten weeks to the day after planting them. Megan, Rob "
            "and Iris came to see the plot. Iris slept in her pram next to the old bath the whole time and "
            "Maureen said she was the best-behaved visitor the allotments have ever had.",
        ],
    ),
]

# --- the meeting invitation (.eml): multipart/alternative, text/plain, text/html and text/calendar ----------

EML_NAME = "Site meeting - 14 Orchard Rise - 27-00418-FUL.eml"
ORGANISER = ("Ruth Calloway", "ruth.calloway@harwick.gov.example")
TO = [("Tom Lindqvist", "tom.lindqvist@example.com"), ("Owen Pritchard", "owen@pritchard-design.example")]
CC = [
    ("Kate Morrow", "kate.morrow@harwick.gov.example"),
    ("Cllr Dennis Hale", "dennis.hale@harwick.gov.example"),
]
SUBJECT = "Site meeting: 27/00418/FUL - single-storey rear extension and garage, 14 Orchard Rise"
SENT = "Thu, 1 Apr 2027 14:22:07 +0100"
START, END = (
    "20270413T103000",
    "20270413T111500",
)  # in TZID "GMT Standard Time" (British Summer Time that day)
LOCATION = "14 Orchard Rise, Whitford WF3 8LN (rear garden, via the side gate)"
WHEN = "Tuesday, 13 April 2027 10:30-11:15 (UTC+00:00) Dublin, Edinburgh, Lisbon, London."
BODY = [
    "Dear Mr Lindqvist,",
    "Thank you for your planning application for a single-storey rear extension and a replacement garage at "
    "14 Orchard Rise (reference 27/00418/FUL). As part of my assessment I would like to visit the site with you "
    "and your agent, Mr Pritchard, and I have sent this invitation for Tuesday 13 April at 10:30. I expect the "
    "visit to take about 45 minutes.",
    "The main issues I need to look at on site are:",
    "- the effect of the extension on daylight to the kitchen window of No. 12, whose owners have objected to the "
    "application;",
    "- the roots of the oak tree in your rear garden, which is protected by a Tree Preservation Order (TPO "
    "4/1998). My colleague Kate Morrow, the council's tree officer, will join us if she can;",
    "- the height of the new garage, whose ridge at 4.2 metres is higher than we would normally accept so close "
    "to a boundary.",
    "I understand that the front of the house has scaffolding up at the moment, so please could someone let us "
    "into the rear garden by the side gate. It would help if the line of the extension could be marked out on "
    "the ground with pegs and string before we arrive, and if Mr Pritchard could bring a printed copy of "
    "drawing 1204-P-03 revision C.",
    "Please note that this is not a public meeting, and the neighbours will not be present. I will not be able "
    "to tell you my recommendation on the day. The application is due to be decided by Friday 7 May 2027; if it "
    "goes to the Planning Committee instead, the next meeting is on Thursday 20 May 2027.",
    "If the date or time does not suit you, please reply by Thursday 8 April and I will offer another. My "
    "direct line is 01632 960418 (Monday to Thursday).",
    "Kind regards,",
    "Ruth Calloway\nSenior Planning Officer, Development Management\nHarwick District Council, Civic Centre, "
    "Market Way, Harwick HW1 2AA",
]
