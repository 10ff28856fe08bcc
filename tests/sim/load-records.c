/*
 * load-records - loads every round record rami-sim --records wrote, with
 * rami_game_load, and checks each is a finished round.
 *
 * usage: load-records PATH   (a directory of round-*.rami files, or one
 * file of records each after a "# round K" line). Prints "N records
 * loaded" and the sorted round numbers; exit 1 on any record that fails.
 */
#define _POSIX_C_SOURCE 200809L
#include <rami.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_TEXT (64u << 20)

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    char *buf = malloc(MAX_TEXT);
    *len = buf ? fread(buf, 1, MAX_TEXT, f) : 0;
    fclose(f);
    return buf;
}

/* 0 if text[0..len) loads to a finished round. */
static int check_one(const char *name, const char *text, size_t len)
{
    rami_game *g = NULL;
    int st = rami_game_load(text, len, &g);
    if (st != RAMI_OK) {
        fprintf(stderr, "%s: %s\n", name, rami_strerror(st));
        return 1;
    }
    int over = rami_game_phase(g) >= RAMI_PHASE_ROUND_OVER;
    rami_game_free(g);
    if (!over)
        fprintf(stderr, "%s: the round is not over\n", name);
    return !over;
}

static int check_file(const char *path, unsigned long *n)
{
    size_t len = 0;
    char *text = slurp(path, &len), *end;
    int bad = 0;
    if (text == NULL)
        return 1;
    for (char *p = text; p < text + len; p = end) {
        char *nl = memchr(p, '\n', (size_t)(text + len - p));
        unsigned long k;
        if (nl == NULL || sscanf(p, "# round %lu\n", &k) != 1) {
            fprintf(stderr, "%s: expected a \"# round K\" line\n", path);
            free(text);
            return 1;
        }
        char *body = nl + 1;
        end = body;
        while (end < text + len && strncmp(end, "# round ", 8) != 0) {
            char *e = memchr(end, '\n', (size_t)(text + len - end));
            end = e ? e + 1 : text + len;
        }
        char name[64];
        snprintf(name, sizeof name, "round %lu", k);
        bad |= check_one(name, body, (size_t)(end - body));
        printf("%lu\n", k);
        ++*n;
    }
    free(text);
    return bad;
}

static int check_dir(const char *path, unsigned long *n)
{
    DIR *d = opendir(path);
    struct dirent *e;
    int bad = 0;
    if (d == NULL)
        return 1;
    while ((e = readdir(d)) != NULL) {
        unsigned long k;
        char full[4096], tail[8] = "";
        if (sscanf(e->d_name, "round-%lu%7s", &k, tail) != 2 || strcmp(tail, ".rami") != 0)
            continue;
        snprintf(full, sizeof full, "%s/%s", path, e->d_name);
        size_t len = 0;
        char *text = slurp(full, &len);
        bad |= text == NULL || check_one(full, text, len);
        free(text);
        printf("%lu\n", k);
        ++*n;
    }
    closedir(d);
    return bad;
}

int main(int argc, char **argv)
{
    struct stat st;
    unsigned long n = 0;
    if (argc != 2 || stat(argv[1], &st) != 0) {
        fprintf(stderr, "usage: load-records FILE|DIR\n");
        return 2;
    }
    int bad = S_ISDIR(st.st_mode) ? check_dir(argv[1], &n) : check_file(argv[1], &n);
    printf("%lu records loaded\n", n);
    return bad ? 1 : 0;
}
