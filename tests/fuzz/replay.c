/* Replays every file of a corpus directory through LLVMFuzzerTestOneInput:
 * the regression run of a fuzz target, without libFuzzer. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

/* Reads a whole file into a buffer of exactly its size, so that the
 * sanitizers catch a target reading past the input; NULL on error. */
static uint8_t *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    uint8_t chunk[4096], *data = malloc(1);
    size_t n = 0, got;
    while (data != NULL && (got = fread(chunk, 1, sizeof chunk, f)) > 0) {
        uint8_t *bigger = realloc(data, n + got);
        if (bigger == NULL)
            free(data);
        else
            memcpy(bigger + n, chunk, got);
        data = bigger;
        n += got;
    }
    if (data != NULL && ferror(f)) {
        free(data);
        data = NULL;
    }
    fclose(f);
    *size = n;
    return data;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s CORPUS-DIR\n", argv[0]);
        return 2;
    }
    DIR *dir = opendir(argv[1]);
    if (dir == NULL) {
        perror(argv[1]);
        return 1;
    }
    size_t runs = 0;
    int status = 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        size_t len = strlen(argv[1]) + strlen(e->d_name) + 2;
        char *path = malloc(len);
        if (path == NULL)
            return 1;
        snprintf(path, len, "%s/%s", argv[1], e->d_name);
        struct stat st;
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
            free(path);
            continue;
        }
        size_t size;
        uint8_t *data = read_file(path, &size);
        if (data == NULL) {
            perror(path);
            status = 1;
        } else {
            LLVMFuzzerTestOneInput(data, size);
            runs++;
        }
        free(data);
        free(path);
    }
    closedir(dir);
    printf("%zu inputs replayed from %s\n", runs, argv[1]);
    if (runs == 0) {
        fprintf(stderr, "no inputs in %s\n", argv[1]);
        status = 1;
    }
    return status;
}
