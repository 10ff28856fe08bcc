/* json-read - see json-read.h. */
#include "json-read.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 32

typedef struct reader {
    const char *p, *end;
    json_doc *doc;
} reader;

static void skip_space(reader *r)
{
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
        r->p++;
}

static int new_node(reader *r, int type)
{
    json_doc *d = r->doc;
    if (d->count == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 64;
        json_node *n = realloc(d->nodes, cap * sizeof *n);
        if (n == NULL)
            return -1;
        d->nodes = n;
        d->cap = cap;
    }
    d->nodes[d->count] = (json_node){type, NULL, 0, NULL, 0, -1, -1};
    return (int)d->count++;
}

/* A string's characters: p is after the opening quote. */
static int scan_string(reader *r, const char **text, size_t *len)
{
    const char *s = r->p;
    while (r->p < r->end && *r->p != '"') {
        if ((unsigned char)*r->p < 0x20)
            return -1;
        if (*r->p == '\\' && ++r->p == r->end)
            return -1;
        r->p++;
    }
    if (r->p == r->end)
        return -1;
    *text = s;
    *len = (size_t)(r->p - s);
    r->p++;
    return 0;
}

static int parse_value(reader *r, int depth);

/* Elements or members after the opening bracket, linked under node. */
static int parse_items(reader *r, int node, int depth, int object)
{
    char close = object ? '}' : ']';
    int last = -1;
    skip_space(r);
    if (r->p < r->end && *r->p == close) {
        r->p++;
        return 0;
    }
    for (;;) {
        const char *key = NULL;
        size_t key_len = 0;
        skip_space(r);
        if (object) {
            if (r->p == r->end || *r->p++ != '"' || scan_string(r, &key, &key_len) != 0)
                return -1;
            skip_space(r);
            if (r->p == r->end || *r->p++ != ':')
                return -1;
        }
        int v = parse_value(r, depth + 1);
        if (v < 0)
            return -1;
        r->doc->nodes[v].key = key;
        r->doc->nodes[v].key_len = key_len;
        if (last < 0)
            r->doc->nodes[node].child = v;
        else
            r->doc->nodes[last].next = v;
        last = v;
        skip_space(r);
        if (r->p == r->end)
            return -1;
        char c = *r->p++;
        if (c == close)
            return 0;
        if (c != ',')
            return -1;
    }
}

static int parse_literal(reader *r, const char *word, int type)
{
    size_t n = strlen(word);
    if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n) != 0)
        return -1;
    r->p += n;
    return new_node(r, type);
}

static int parse_number(reader *r)
{
    const char *s = r->p;
    while (r->p < r->end && strchr("+-0123456789.eE", *r->p) != NULL)
        r->p++;
    if (r->p == s)
        return -1;
    int n = new_node(r, JSON_NUMBER);
    if (n >= 0) {
        r->doc->nodes[n].text = s;
        r->doc->nodes[n].len = (size_t)(r->p - s);
    }
    return n;
}

static int parse_value(reader *r, int depth)
{
    skip_space(r);
    if (r->p == r->end || depth > MAX_DEPTH)
        return -1;
    char c = *r->p;
    if (c == '{' || c == '[') {
        r->p++;
        int n = new_node(r, c == '{' ? JSON_OBJECT : JSON_ARRAY);
        if (n < 0 || parse_items(r, n, depth, c == '{') != 0)
            return -1;
        return n;
    }
    if (c == '"') {
        r->p++;
        const char *text;
        size_t len;
        if (scan_string(r, &text, &len) != 0)
            return -1;
        int n = new_node(r, JSON_STRING);
        if (n >= 0) {
            r->doc->nodes[n].text = text;
            r->doc->nodes[n].len = len;
        }
        return n;
    }
    if (c == 't')
        return parse_literal(r, "true", JSON_TRUE);
    if (c == 'f')
        return parse_literal(r, "false", JSON_FALSE);
    if (c == 'n')
        return parse_literal(r, "null", JSON_NULL);
    return parse_number(r);
}

int json_parse(const char *text, size_t len, json_doc *doc)
{
    reader r = {text, text + len, doc};
    memset(doc, 0, sizeof *doc);
    int root = parse_value(&r, 0);
    skip_space(&r);
    if (root != 0 || r.p != r.end) {
        json_free(doc);
        return -1;
    }
    return 0;
}

void json_free(json_doc *doc)
{
    free(doc->nodes);
    memset(doc, 0, sizeof *doc);
}

int json_get(const json_doc *d, int obj, const char *key)
{
    if (obj < 0 || d->nodes[obj].type != JSON_OBJECT)
        return -1;
    size_t n = strlen(key);
    for (int c = d->nodes[obj].child; c >= 0; c = d->nodes[c].next)
        if (d->nodes[c].key_len == n && memcmp(d->nodes[c].key, key, n) == 0)
            return c;
    return -1;
}

int json_at(const json_doc *d, int arr, size_t i)
{
    if (arr < 0 || d->nodes[arr].type != JSON_ARRAY)
        return -1;
    int c = d->nodes[arr].child;
    for (; c >= 0 && i > 0; i--)
        c = d->nodes[c].next;
    return c;
}

/* The number's text as a C string, if it is a plain integer. */
static int integer_text(const json_doc *d, int node, char *buf, size_t cap)
{
    if (node < 0 || d->nodes[node].type != JSON_NUMBER || d->nodes[node].len + 1 > cap)
        return -1;
    memcpy(buf, d->nodes[node].text, d->nodes[node].len);
    buf[d->nodes[node].len] = '\0';
    const char *p = buf[0] == '-' ? buf + 1 : buf;
    if (*p == '\0')
        return -1;
    for (; *p != '\0'; p++)
        if (*p < '0' || *p > '9')
            return -1;
    return 0;
}

int json_int(const json_doc *d, int node, int64_t *out)
{
    char buf[32];
    if (integer_text(d, node, buf, sizeof buf) != 0)
        return -1;
    errno = 0;
    long long v = strtoll(buf, NULL, 10);
    if (errno != 0)
        return -1;
    *out = v;
    return 0;
}

int json_u64(const json_doc *d, int node, uint64_t *out)
{
    char buf[32];
    if (integer_text(d, node, buf, sizeof buf) != 0 || buf[0] == '-')
        return -1;
    errno = 0;
    unsigned long long v = strtoull(buf, NULL, 10);
    if (errno != 0)
        return -1;
    *out = v;
    return 0;
}

int json_str(const json_doc *d, int node, char *buf, size_t cap)
{
    if (node < 0 || d->nodes[node].type != JSON_STRING || d->nodes[node].len + 1 > cap)
        return -1;
    memcpy(buf, d->nodes[node].text, d->nodes[node].len);
    buf[d->nodes[node].len] = '\0';
    return 0;
}
