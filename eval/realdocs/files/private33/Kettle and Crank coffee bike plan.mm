<map version="freeplane 1.9.13">
<!--To view this file, download free mind mapping software Freeplane from https://www.freeplane.org -->
<node TEXT="Kettle and Crank&#xa;Coffee bike - launch plan 2027" ID="ID_1204509003" CREATED="1673600061000" MODIFIED="1673686461000" STYLE="oval">
<font SIZE="18"/>
<hook NAME="MapStyle" zoom="0.909">
    <properties edgeColorConfiguration="#808080ff,#ff0000ff,#0000ffff,#00ff00ff,#ff00ffff,#00ffffff,#7c0000ff,#00007cff,#007c00ff,#7c007cff,#007c7cff,#7c7c00ff" associatedTemplateLocation="template:/standard-1.6.mm" fit_to_viewport="false"/>

<map_styles>
<stylenode LOCALIZED_TEXT="styles.root_node" STYLE="oval" UNIFORM_SHAPE="true" VGAP_QUANTITY="24 pt">
<font SIZE="24"/>
<stylenode LOCALIZED_TEXT="styles.predefined" POSITION="right" STYLE="bubble">
<stylenode LOCALIZED_TEXT="default" ID="ID_271890427" ICON_SIZE="12 pt" COLOR="#000000" STYLE="fork">
<arrowlink SHAPE="CUBIC_CURVE" COLOR="#000000" WIDTH="2" TRANSPARENCY="200" DASH="" FONT_SIZE="9" FONT_FAMILY="SansSerif" DESTINATION="ID_271890427" STARTARROW="NONE" ENDARROW="DEFAULT"/>
<font NAME="SansSerif" SIZE="10" BOLD="false" ITALIC="false"/>
<richcontent CONTENT-TYPE="plain/auto" TYPE="DETAILS"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="plain/auto"/>
</stylenode>
<stylenode LOCALIZED_TEXT="defaultstyle.details"/>
<stylenode LOCALIZED_TEXT="defaultstyle.attributes">
<font SIZE="9"/>
</stylenode>
<stylenode LOCALIZED_TEXT="defaultstyle.note" COLOR="#000000" BACKGROUND_COLOR="#ffffff" TEXT_ALIGN="LEFT"/>
<stylenode LOCALIZED_TEXT="defaultstyle.floating">
<edge STYLE="hide_edge"/>
<cloud COLOR="#f0f0f0" SHAPE="ROUND_RECT"/>
</stylenode>
</stylenode>
<stylenode LOCALIZED_TEXT="styles.AutomaticLayout" POSITION="right" STYLE="bubble">
<stylenode LOCALIZED_TEXT="AutomaticLayout.level.root" COLOR="#000000" STYLE="oval" SHAPE_HORIZONTAL_MARGIN="10 pt" SHAPE_VERTICAL_MARGIN="10 pt">
<font SIZE="18"/>
</stylenode>
<stylenode LOCALIZED_TEXT="AutomaticLayout.level,1" COLOR="#0033ff">
<font SIZE="16"/>
</stylenode>
<stylenode LOCALIZED_TEXT="AutomaticLayout.level,2" COLOR="#00b439">
<font SIZE="14"/>
</stylenode>
<stylenode LOCALIZED_TEXT="AutomaticLayout.level,3" COLOR="#990000">
<font SIZE="12"/>
</stylenode>
</stylenode>
</stylenode>
</map_styles>
</hook>
<hook NAME="AutomaticEdgeColor" COUNTER="5" RULE="ON_BRANCH_CREATION"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>
    
  </head>
  <body>
    <p>
      My plan for getting the coffee bike trading by May 2027. Target: break even by the end of September.
    </p>
  </body>
</html></richcontent>
<node TEXT="The bike" ID="ID_811617752" CREATED="1673600122000" MODIFIED="1673772922000" POSITION="right">
<node TEXT="Cargo trike" ID="ID_103498119" CREATED="1673600183000" MODIFIED="1673859383000">
<icon BUILTIN="bookmark"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>
    
  </head>
  <body>
    <p>
      Bought second hand from a bakery in Lancaster that closed. Frame number CT-48813. Needs a new rear hub brake before it goes on the road.
    </p>
  </body>
</html></richcontent>
<attribute NAME="cost" VALUE="£1,850"/>
<attribute NAME="seller" VALUE="Crumb and Crust"/>
<node TEXT="New rear hub brake" ID="ID_195995428" CREATED="1673600244000" MODIFIED="1673945844000">
<attribute NAME="cost" VALUE="£145"/>
</node>
<node TEXT="Puncture-proof tyres" ID="ID_1971698307" CREATED="1673600305000" MODIFIED="1674032305000">
<attribute NAME="cost" VALUE="£96"/>
</node>
<node TEXT="Signwriting on the box" ID="ID_913357770" CREATED="1673600366000" MODIFIED="1674118766000">
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>
    
  </head>
  <body>
    <p>
      Harriet Moss, signwriter in Sedbergh. Cream on racing green, the logo on both sides. She wants the box sanded first.
    </p>
  </body>
</html></richcontent>
<attribute NAME="cost" VALUE="£420"/>
</node>
</node>
<node TEXT="Espresso machine" ID="ID_1222718318" CREATED="1673600427000" MODIFIED="1674205227000">
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>
    
  </head>
  <body>
    <p>
      A lever machine needs no pump, so the battery only runs the grinder and lights. Going with a two-group lever on LPG.
    </p>
  </body>
</html></richcontent>
<attribute NAME="cost" VALUE="£2,300"/>
<attribute NAME="model" VALUE="Vesuvio Leva 2"/>
<node TEXT="LPG bottle and regulator" ID="ID_42786548" CREATED="1673600488000" MODIFIED="1674291688000">
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>
    
  </head>
  <body>
    <p>
      Two 6kg propane bottles, one on, one spare. Gas Safe check every year by a commercial-catering engineer.
    </p>
  </body>
</html></richcontent>
<attribute NAME="cost" VALUE="£110"/>
</node>
<node TEXT="Grinder" ID="ID_182241124" CREATED="1673600549000" MODIFIED="1673600549000">
<attribute NAME="cost" VALUE="£640"/>
<attribute NAME="model" VALUE="Eureka Mignon battery kit"/>
</node>
</node>
<node TEXT="Power" ID="ID_1712999628" CREATED="1673600610000" MODIFIED="1673687010000">
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>
    
  </head>
  <body>
    <p>
      Lithium leisure battery, 100Ah, charged at home overnight. Solar panel on the canopy tops it up on a sunny day.
    </p>
  </body>
</html></richcontent>
<attribute NAME="cost" VALUE="£520"/>
</node>
<node TEXT="Storage at Tenterbank Mill" ID="ID_155217739" CREATED="1673600671000" MODIFIED="1673773471000" LINK="https://tenterbankmill.example/units/b4">
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>
    
  </head>
  <body>
    <p>
      Ground floor unit B4, a roller door and a sink. £85 a month, three months' notice.
    </p>
  </body>
</html></richcontent>
</node>
</node>
<node TEXT="Coffee and menu" ID="ID_1713044876" CREATED="1673600732000" MODIFIED="1673859932000" POSITION="right">
<node TEXT="Beans" ID="ID_460966248" CREATED="1673600793000" MODIFIED="1673946393000" LINK="https://fellsideroasters.example/wholesale">
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>
    
  </head>
  <body>
    <p>
      House blend from Fellside Roasters: 60% Brazil, 40% Ethiopia. Decaf from them too.
    </p>
  </body>
</html></richcontent>
<node TEXT="Wholesale price" ID="ID_1355734588" CREATED="1673600854000" MODIFIED="1674032854000">
<attribute NAME="per kg" VALUE="£21.50"/>
<attribute NAME="minimum order" VALUE="6 kg"/>
</node>
<node TEXT="Delivery day" ID="ID_214865171" CREATED="1673600915000" MODIFIED="1674119315000">
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>
    
  </head>
  <body>
    <p>
      They roast on Mondays and deliver Tuesdays if ordered by Sunday noon.
    </p>
  </body>
</html></richcontent>
</node>
</node>
<node TEXT="Milk" ID="ID_1902483643" CREATED="1673600976000" MODIFIED="1674205776000">
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>
    
  </head>
  <body>
    <p>
      Whole milk from Low Birker Dairy in glass pints. Oat milk: Oatly Barista.
    </p>
  </body>
</html></richcontent>
</node>
<node ID="ID_940513506" CREATED="1673601037000" MODIFIED="1674292237000">
<richcontent TYPE="NODE">

<html>
  <head>
    
  </head>
  <body>
    <p>
      <b>Price list</b>
    </p>
    <p>
      from May 2027
    </p>
  </body>
</html>
</richcontent>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>
    
  </head>
  <body>
    <p>
      Round prices so the card reader and change are quick.
    </p>
  </body>
</html></richcontent>
<node TEXT="Espresso" ID="ID_370247919" CREATED="1673601098000" MODIFIED="1673601098000">
<attribute NAME="price" VALUE="£2.20"/>
</node>
<node TEXT="Flat white" ID="ID_1155719294" CREATED="1673601159000" MODIFIED="1673687559000">
<attribute NAME="price" VALUE="£3.10"/>
</node>
<node TEXT="Latte or cappuccino" ID="ID_1038494132" CREATED="1673601220000" MODIFIED="1673774020000">
<attribute NAME="price" VALUE="£3.30"/>
</node>
<node TEXT="Hot chocolate" ID="ID_489707513" CREATED="1673601281000" MODIFIED="1673860481000">
<attribute NAME="price" VALUE="£3.00"/>
</node>
<node TEXT="Oat milk" ID="ID_1525561303" CREATED="1673601342000" MODIFIED="1673946942000">
<attribute NAME="price" VALUE="+30p"/>
</node>
</node>
<node TEXT="Cakes" ID="ID_1954656585" CREATED="1673601403000" MODIFIED="1674033403000">
<node TEXT="Flapjack and brownies from Nell" ID="ID_734739692" CREATED="1673601464000" MODIFIED="1674119864000">
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>
    
  </head>
  <body>
    <p>
      Nell bakes at the village hall kitchen, which has a food hygiene rating of 5. Sale or return, I keep 35%.
    </p>
  </body>
</html></richcontent>
</node>
<node TEXT="Gluten-free option" ID="ID_151076555" CREATED="1673601525000" MODIFIED="1674206325000">
</node>
</node>
</node>
<node TEXT="Where to trade" ID="ID_1240561448" CREATED="1673601586000" MODIFIED="1674292786000" POSITION="left">
<node TEXT="Markets" ID="ID_1388542817" CREATED="1673601647000" MODIFIED="1673601647000">
<node TEXT="Kirkby Lonsdale Thursday market" ID="ID_556653582" CREATED="1673601708000" MODIFIED="1673688108000" LINK="https://kirkbylonsdalemarket.example/traders">
<attribute NAME="pitch fee" VALUE="£18"/>
<attribute NAME="day" VALUE="Thursday"/>
</node>
<node TEXT="Sedbergh farmers' market" ID="ID_1091683393" CREATED="1673601769000" MODIFIED="1673774569000">
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>
    
  </head>
  <body>
    <p>
      Only one hot-drinks trader allowed; I'm on the waiting list behind a tea van.
    </p>
  </body>
</html></richcontent>
<attribute NAME="pitch fee" VALUE="£25"/>
<attribute NAME="day" VALUE="last Saturday"/>
</node>
</node>
<node TEXT="Station forecourt" ID="ID_176473341" CREATED="1673601830000" MODIFIED="1673861030000">
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>
    
  </head>
  <body>
    <p>
      Oxenholme station, weekday mornings 6.30 to 9.30. Avanti's property team want public liability of £5 million and a monthly licence fee.
    </p>
  </body>
</html></richcontent>
<node TEXT="Licence fee" ID="ID_1199935383" CREATED="1673601891000" MODIFIED="1673947491000">
<attribute NAME="per month" VALUE="£240"/>
</node>
</node>
<node TEXT="Events" FOLDED="true" ID="ID_281305909" CREATED="1673601952000" MODIFIED="1674033952000">
<node TEXT="Lunesdale Show" ID="ID_91955964" CREATED="1673602013000" MODIFIED="1674120413000">
<attribute NAME="date" VALUE="2027-08-14"/>
<attribute NAME="pitch fee" VALUE="£90"/>
</node>
<node TEXT="Park run at Serpentine Woods" ID="ID_524634979" CREATED="1673602074000" MODIFIED="1674206874000">
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>
    
  </head>
  <body>
    <p>
      Saturday 9am. Ask the run director; they said yes in principle if I give 10p a cup to the volunteers' fund.
    </p>
  </body>
</html></richcontent>
</node>
<node TEXT="Weddings" ID="ID_227592460" CREATED="1673602135000" MODIFIED="1674293335000">
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>
    
  </head>
  <body>
    <p>
      Maybe next year.
    </p>
  </body>
</html></richcontent>
</node>
</node>
</node>
<node TEXT="Paperwork" ID="ID_1416625758" CREATED="1673602196000" MODIFIED="1673602196000" POSITION="left">
<node TEXT="Food business registration" ID="ID_27635057" CREATED="1673602257000" MODIFIED="1673688657000" LINK="https://www.food.gov.uk/business-guidance/register-a-food-business">
<icon BUILTIN="button_ok"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>
    
  </head>
  <body>
    <p>
      Register with South Lakeland council at least 28 days before trading. Done online; reference FBR-2027-1193.
    </p>
  </body>
</html></richcontent>
</node>
<node TEXT="Street trading consent" ID="ID_482748230" CREATED="1673602318000" MODIFIED="1673775118000">
<icon BUILTIN="help"/>
<arrowlink DESTINATION="ID_176473341" STARTINCLINATION="131.25 pt;0 pt;" ENDINCLINATION="131.25 pt;0 pt;" STARTARROW="NONE" ENDARROW="DEFAULT"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>
    
  </head>
  <body>
    <p>
      Needed for the station forecourt? Ask the licensing team - forecourt may be private land, so not needed.
    </p>
  </body>
</html></richcontent>
</node>
<node TEXT="Insurance" ID="ID_1942587359" CREATED="1673602379000" MODIFIED="1673861579000">
<attribute NAME="insurer" VALUE="Mobile Traders Mutual"/>
<attribute NAME="cost" VALUE="£312 a year"/>
<attribute NAME="public liability" VALUE="£5 million"/>
</node>
<node TEXT="Level 2 food hygiene certificate" ID="ID_41425705" CREATED="1673602440000" MODIFIED="1673948040000">
<icon BUILTIN="button_ok"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>
    
  </head>
  <body>
    <p>
      Passed online course 2 February, certificate number L2FH-558201.
    </p>
  </body>
</html></richcontent>
</node>
</node>
<node TEXT="Marketing" ID="ID_91998785" CREATED="1673602501000" MODIFIED="1674034501000" POSITION="left">
<node TEXT="Instagram @kettleandcrank" ID="ID_904937617" CREATED="1673602562000" MODIFIED="1674120962000" LINK="https://instagram.example/kettleandcrank">
</node>
<node TEXT="Loyalty card" ID="ID_1336914710" CREATED="1673602623000" MODIFIED="1674207423000">
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>
    
  </head>
  <body>
    <p>
      Stamp card: the ninth coffee free. Printed by Inkwell Print, 500 cards.
    </p>
  </body>
</html></richcontent>
</node>
<node TEXT="Launch day" ID="ID_711046840" CREATED="1673602684000" MODIFIED="1674293884000">
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>
    
  </head>
  <body>
    <p>
      Free espresso for the first fifty people.
    </p>
  </body>
</html></richcontent>
<attribute NAME="date" VALUE="2027-05-01"/>
<attribute NAME="place" VALUE="Kirkby Lonsdale market"/>
</node>
<node TEXT="Flyers for the station" ID="ID_1518122728" CREATED="1673602745000" MODIFIED="1673602745000">
</node>
</node>
<node TEXT="Money" ID="ID_838696578" CREATED="1673602806000" MODIFIED="1673689206000" POSITION="right">
<node TEXT="Start-up costs" ID="ID_321703731" CREATED="1673602867000" MODIFIED="1673775667000">
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>
    
  </head>
  <body>
    <p>
      Adds up the cost attributes under The bike: about £6,081 before stock.
    </p>
  </body>
</html></richcontent>
</node>
<node TEXT="Funding" ID="ID_1747487184" CREATED="1673602928000" MODIFIED="1673862128000">
<node TEXT="Savings" ID="ID_869797097" CREATED="1673602989000" MODIFIED="1673948589000">
<attribute NAME="amount" VALUE="£4,000"/>
</node>
<node TEXT="Start Up Loan" ID="ID_1224321042" CREATED="1673603050000" MODIFIED="1674035050000">
<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">
<html>
  <head>
    
  </head>
  <body>
    <p>
      Government-backed, five years. Mentor is Carys Tully from the Cumbria growth hub.
    </p>
  </body>
</html></richcontent>
<attribute NAME="amount" VALUE="£3,500"/>
<attribute NAME="rate" VALUE="6% fixed"/>
</node>
</node>
<node ID="ID_285425529" CREATED="1673603111000" MODIFIED="1674121511000">
<richcontent TYPE="NODE">

<html>
  <head>
    
  </head>
  <body>
    <p>
      <b>Break-even</b>
    </p>
    <p>
      about 38 cups a trading day at an average £3.05
    </p>
  </body>
</html>
</richcontent>
</node>
</node>
</node>
</map>
