//! A uniform random index below `n`: how random playouts pick their moves, one multiply per pick.

use rand::RngCore;

/// A uniformly random index in `0..n` (`n > 0`), by Lemire's multiply-and-reject
/// ("Fast random integer generation in an interval", 2019): the high half of a
/// random 64-bit word times `n`, drawn again only in the rare case (fewer than
/// `n` in 2^64) where keeping it would favour some index.  Unbiased, like
/// `rng.gen_range(0..n)`, whose rand 0.8 version draws again up to half the
/// time (for `n` just above a power of two): a branch the predictor misses,
/// on every ply of a playout.
#[inline]
pub fn uniform_index<R: RngCore + ?Sized>(rng: &mut R, n: usize) -> usize {
    debug_assert!(n > 0);
    let n = n as u64;
    let mut m = u128::from(rng.next_u64()) * u128::from(n);
    if (m as u64) < n {
        // 2^64 mod n: the low halves below it are the draws that would favour
        let threshold = n.wrapping_neg() % n;
        while (m as u64) < threshold {
            m = u128::from(rng.next_u64()) * u128::from(n);
        }
    }
    (m >> 64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// A generator that gives the words it was given, in order.
    struct Words(Vec<u64>);

    impl RngCore for Words {
        fn next_u32(&mut self) -> u32 {
            self.next_u64() as u32
        }
        fn next_u64(&mut self) -> u64 {
            self.0.remove(0)
        }
        fn fill_bytes(&mut self, _: &mut [u8]) {
            unimplemented!()
        }
        fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), rand::Error> {
            unimplemented!()
        }
    }

    #[test]
    fn the_high_half_of_the_product_is_the_index() {
        // 2^64 * k / n lands on index k
        let third = u64::MAX / 3 + 1;
        assert_eq!(uniform_index(&mut Words(vec![third]), 3), 1);
        assert_eq!(uniform_index(&mut Words(vec![u64::MAX]), 3), 2);
        assert_eq!(uniform_index(&mut Words(vec![u64::MAX]), 1), 0);
    }

    #[test]
    fn a_draw_that_would_favour_an_index_is_drawn_again() {
        // 2^64 mod 3 = 1: the one word whose product's low half is 0 is refused
        assert_eq!(uniform_index(&mut Words(vec![0, u64::MAX]), 3), 2);
        // low half 2 (word 6148914691236517206 * 3 = 2^64 + 2) is kept
        assert_eq!(
            uniform_index(&mut Words(vec![6_148_914_691_236_517_206]), 3),
            1
        );
    }

    #[test]
    fn every_index_comes_up_as_often() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(9);
        for n in [1, 2, 3, 7, 65, 121] {
            let draws = 2000 * n;
            let mut counts = vec![0usize; n];
            for _ in 0..draws {
                counts[uniform_index(&mut rng, n)] += 1;
            }
            // each count is ~2000, standard deviation ~45: 300 is over 6 of them
            assert!(
                counts.iter().all(|&c| c.abs_diff(2000) < 300),
                "n = {n}: {counts:?}"
            );
        }
    }
}
