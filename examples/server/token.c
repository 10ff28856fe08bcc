/*
 * token.c - seat tokens: 128 random bits from the kernel, given to the
 * client as 32 lowercase hex digits, kept by the server only as their
 * SHA-256 hash and compared in constant time.
 */
#include "server.h"

#include <errno.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <string.h>
#include <sys/random.h>

int random_bytes(void *buf, size_t n)
{
    uint8_t *p = buf;
    while (n > 0) {
        ssize_t got = getrandom(p, n, 0);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += got;
        n -= (size_t)got;
    }
    return 0;
}

uint64_t random_u64(void)
{
    uint64_t v = 0;
    if (random_bytes(&v, sizeof v) != 0)
        v = (uint64_t)now_ms() * 0x9E3779B97F4A7C15u; /* never reached on Linux >= 3.17 */
    return v;
}

void hex_encode(const uint8_t *in, size_t n, char *out)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digits[in[i] >> 4];
        out[2 * i + 1] = digits[in[i] & 15];
    }
    out[2 * n] = '\0';
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

int hex_decode(const char *in, uint8_t *out, size_t n)
{
    if (strlen(in) != 2 * n)
        return -1;
    for (size_t i = 0; i < n; i++) {
        int hi = hex_digit(in[2 * i]), lo = hex_digit(in[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return 0;
}

static int sha256(const uint8_t *in, size_t n, uint8_t out[HASH_BYTES])
{
    unsigned int len = 0;
    if (!EVP_Digest(in, n, out, &len, EVP_sha256(), NULL) || len != HASH_BYTES)
        return -1;
    return 0;
}

int token_new(char hex[TOKEN_HEX_LEN + 1], uint8_t hash[HASH_BYTES])
{
    uint8_t raw[TOKEN_BYTES];
    if (random_bytes(raw, sizeof raw) != 0 || sha256(raw, sizeof raw, hash) != 0)
        return -1;
    hex_encode(raw, sizeof raw, hex);
    OPENSSL_cleanse(raw, sizeof raw);
    return 0;
}

int token_hash(const char *hex, uint8_t hash[HASH_BYTES])
{
    uint8_t raw[TOKEN_BYTES];
    if (hex_decode(hex, raw, sizeof raw) != 0)
        return -1;
    int rc = sha256(raw, sizeof raw, hash);
    OPENSSL_cleanse(raw, sizeof raw);
    return rc;
}

int hash_equal(const uint8_t a[HASH_BYTES], const uint8_t b[HASH_BYTES])
{
    return CRYPTO_memcmp(a, b, HASH_BYTES) == 0;
}
