/*
 * json-read - a small JSON reader for the results rami-sim writes (rami-sim
 * merge). The document is parsed into a flat array of nodes; strings and
 * numbers point into the text, which must outlive the document.
 */
#ifndef JSON_READ_H
#define JSON_READ_H

#include <stddef.h>
#include <stdint.h>

enum json_type {
    JSON_NULL,
    JSON_FALSE,
    JSON_TRUE,
    JSON_NUMBER,
    JSON_STRING,
    JSON_ARRAY,
    JSON_OBJECT
};

typedef struct json_node {
    int type;
    const char *key; /* member name in an object (not NUL-terminated), else NULL */
    size_t key_len;
    const char *text; /* STRING: the characters between the quotes; NUMBER: its text */
    size_t len;
    int child; /* first element or member, -1 */
    int next;  /* next sibling, -1 */
} json_node;

typedef struct json_doc {
    json_node *nodes; /* nodes[0] is the root */
    size_t count, cap;
} json_doc;

/* 0 and a document (free with json_free), or -1 for text that is not one
 * JSON value (nesting deeper than 32, or out of memory, also -1). */
int json_parse(const char *text, size_t len, json_doc *doc);
void json_free(json_doc *doc);

/* The member `key` of object node obj, or -1. */
int json_get(const json_doc *d, int obj, const char *key);
/* Element i of array node arr, or -1. */
int json_at(const json_doc *d, int arr, size_t i);
/* Numbers: 0, or -1 if node is not an integer that fits. */
int json_int(const json_doc *d, int node, int64_t *out);
int json_u64(const json_doc *d, int node, uint64_t *out);
/* Copies a string node's text (escapes kept as written); 0 or -1. */
int json_str(const json_doc *d, int node, char *buf, size_t cap);

#endif
