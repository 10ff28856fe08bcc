/* The portable generator: xoshiro256** seeded through splitmix64, and an
 * unbiased Fisher-Yates shuffle. Pure integer arithmetic, so a seed deals the
 * same cards on every platform, compiler and binding. */
#include "card.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void rami__rng_seed(rami_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t rami__rng_next(rami_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Lemire's multiply-and-reject on the high 32 bits: uniform in [0, bound). */
uint32_t rami__rng_below(rami_rng *r, uint32_t bound)
{
    uint64_t m = (rami__rng_next(r) >> 32) * (uint64_t)bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            m = (rami__rng_next(r) >> 32) * (uint64_t)bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

void rami__shuffle(rami_rng *r, rami_card *cards, size_t n)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = rami__rng_below(r, (uint32_t)i);
        rami_card t = cards[i - 1];
        cards[i - 1] = cards[j];
        cards[j] = t;
    }
}
