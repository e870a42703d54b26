//! What a side sees of the board: a hidden unit ([`Battle::hidden`], `Event::Hid` and
//! `Event::Revealed`) is seen by its own side only. The board does not draw it for its
//! foes, the pointer and the keys do not find it, the turn order and the log's filter do
//! not list it, the threat overlay leaves out its zone; once revealed it is there again.
//! The side looking is the human side (`act::viewing_side`; hot-seat: the side that took
//! the board at the last handover, else the one deciding); a battle of AIs only is
//! watched with nothing hidden.
//! Plain functions over the battle and the session: they decide nothing for the rules.

use skirmish_rules::Battle;
use skirmish_rules::components::{SideId, UnitId};
use skirmish_rules::grid::Cell;

/// Does `side` see `u`: it is not hidden, or it is one of `side`'s own (`None`: a
/// spectator sees everything)?
pub fn seen_by(b: &Battle, side: Option<SideId>, u: UnitId) -> bool {
    !b.hidden(u) || side.is_none_or(|s| b.side(u) == s)
}

/// The unit on `c` that `side` sees, if any: a hidden foe's cell looks empty.
pub fn unit_at(b: &Battle, side: Option<SideId>, c: Cell) -> Option<UnitId> {
    b.unit_at(c, None).filter(|&u| seen_by(b, side, u))
}

/// The unit on `c` that the side of `actor` (the unit acting, which aims and clicks)
/// sees.
pub fn unit_at_for(b: &Battle, actor: UnitId, c: Cell) -> Option<UnitId> {
    unit_at(b, Some(b.side(actor)), c)
}
