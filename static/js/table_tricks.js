// Court Piece and Pitch at the table: the trick in the middle, trump (face down while hidden),
// the suit and bid buttons the server lists live and the others greyed, tricks and scores per
// team, and the last deal's or hand's summary. Which moves are legal comes from the server.
// Its parts are in tricks/; table.js calls them through window.Taash.games.
import { courtPiece } from "./tricks/courtpiece.js";
import { pitch } from "./tricks/pitch.js";

window.Taash.games.courtpiece = courtPiece;
window.Taash.games.pitch = pitch;
