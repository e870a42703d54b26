//! Reading and paying a unit's [`Pools`]: the readers every ruleset uses (`ap`, `rp`,
//! `fp`, `slots`, `move_left`) and paying a [`Cost`] (the first affordable alternative).

use super::Battle;
use crate::components::{Cost, Pool, Pools, Slot, TurnState, UnitId};
use crate::engine::Illegal;
use crate::event::{Event, Spend};

impl Battle {
    /// A unit's pools (none for an unknown id).
    pub fn pools(&self, u: UnitId) -> Option<&Pools> {
        self.get::<Pools>(u)
    }

    /// What is left of one of a unit's pools (0 when it has none).
    pub fn pool(&self, u: UnitId, pool: Pool) -> i32 {
        self.pools(u).map_or(0, |p| p.left(pool))
    }

    /// Action points left.
    pub fn ap(&self, u: UnitId) -> i32 {
        self.pool(u, Pool::Ap)
    }

    /// Reactions left (flow: reaction points).
    pub fn rp(&self, u: UnitId) -> i32 {
        self.pool(u, Pool::Reaction)
    }

    /// Flow points.
    pub fn fp(&self, u: UnitId) -> i32 {
        self.pool(u, Pool::FlowPoints)
    }

    /// Action slots of a type left this turn.
    pub fn slots(&self, u: UnitId, s: Slot) -> u8 {
        self.pool(u, Pool::Slot(s)).clamp(0, i32::from(u8::MAX)) as u8
    }

    /// Movement bought and not yet used this turn.
    pub fn move_left(&self, u: UnitId) -> u32 {
        self.pool(u, Pool::Movement).max(0) as u32
    }

    /// flow's per-turn bookkeeping (AP spent on movement).
    pub fn turn_state(&self, u: UnitId) -> TurnState {
        self.get::<TurnState>(u).copied().unwrap_or_default()
    }

    /// Can `u` pay `cost` now (some alternative is affordable)?
    pub fn affords(&self, u: UnitId, cost: &Cost) -> bool {
        self.pools(u).is_some_and(|p| p.pick(cost).is_some())
    }

    /// The events that would pay `cost` for `u`, spent `on` something: one `Spent` per
    /// part of the first affordable alternative (parts of 0 spend nothing). `None` when
    /// no alternative is affordable.
    pub fn payment(&self, u: UnitId, cost: &Cost, on: Spend) -> Option<Vec<Event>> {
        let alt = self.pools(u)?.pick(cost)?;
        Some(
            alt.iter()
                .filter(|(_, n)| *n > 0)
                .map(|&(pool, n)| Event::spent(u, pool, n, on))
                .collect(),
        )
    }

    /// Pay `cost` for `u`, spent `on` something: the first affordable alternative, one
    /// `Spent` event per part. Returns what was paid; when no alternative is affordable
    /// nothing changes and the answer is [`Illegal::CannotPay`].
    pub fn pay(&mut self, u: UnitId, cost: &Cost, on: Spend) -> Result<Vec<(Pool, i32)>, Illegal> {
        let Some(events) = self.payment(u, cost, on) else {
            return Err(Illegal::CannotPay {
                unit: self.name(u).to_string(),
                cost: cost.words(),
                has: self.pools(u).map(|p| p.words_for(cost)).unwrap_or_default(),
            });
        };
        let mut paid = Vec::new();
        for e in events {
            if let Event::Spent { pool, amount, .. } = e {
                paid.push((pool, amount));
            }
            self.emit(e);
        }
        Ok(paid)
    }
}
