/* A Tic-tac-toe engine in C that speaks ludolog's engine protocol (version 1):
 * one JSON request a line on standard input, one answer a line on standard output.
 * A starting point to copy for an engine of your own:
 *
 *     cc -O2 -o ttt examples/engines/c/tic_tac_toe.c
 *     ludolog check tic_tac_toe --against ./ttt --games 1000
 *
 * The requests ludolog sends are flat and small, so this reads them by looking for
 * the keys it needs ("op", "move") rather than with a JSON library.  Cells are
 * named as in rules/tic_tac_toe.pl: a column letter and a row number, a1 the lower
 * left; x moves first.  Build with TTT_BUG=1 defined to plant a bug (the diagonal
 * a3-c1 forgotten) and watch `check` find it. */
#include <stdio.h>
#include <string.h>

static char board[9]; /* index (row - 1) * 3 + column, row 1 the bottom; '.', 'x' or 'o' */
static int history[9], moves;

static const int lines[8][3] = {
    {0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8},
#ifdef TTT_BUG
    {0, 4, 8},
#else
    {2, 4, 6},
#endif
};

static char to_move(void) { return moves % 2 == 0 ? 'x' : 'o'; }

/* The player who has three in a line, or 0. */
static char winner(void) {
    for (int i = 0; i < 8; i++) {
        char c = board[lines[i][0]];
        if (c != '.' && c == board[lines[i][1]] && c == board[lines[i][2]]) return c;
    }
    return 0;
}

static int over(void) { return winner() || moves == 9; }

/* The cell a move names ("b2"), or -1. */
static int cell(const char *m) {
    if (m[0] < 'a' || m[0] > 'c' || m[1] < '1' || m[1] > '3' || m[2] != '\0') return -1;
    return (m[1] - '1') * 3 + (m[0] - 'a');
}

/* Copies the string value of "key" in a flat JSON object into out; 0 if absent. */
static int field(const char *json, const char *key, char *out, size_t size) {
    char pattern[32];
    snprintf(pattern, sizeof pattern, "\"%s\"", key);
    const char *p = strstr(json, pattern);
    if (!p) return 0;
    p = strchr(p + strlen(pattern), ':');
    if (!p) return 0;
    p = strchr(p, '"');
    if (!p) return 0;
    size_t n = 0;
    for (p++; *p && *p != '"' && n + 1 < size; p++) out[n++] = *p;
    out[n] = '\0';
    return 1;
}

static void state(void) {
    printf("{\"to_move\":\"%c\",\"legal\":[", to_move());
    int first = 1;
    for (int i = 0; i < 9 && !over(); i++) {
        if (board[i] != '.') continue;
        printf("%s\"%c%c\"", first ? "" : ",", 'a' + i % 3, '1' + i / 3);
        first = 0;
    }
    printf("],\"outcome\":");
    char w = winner();
    if (w) printf("{\"win\":\"%c\"}", w);
    else if (moves == 9) printf("\"draw\"");
    else printf("null");
    printf("}\n");
}

int main(void) {
    char line[4096], op[32], arg[64];
    memset(board, '.', sizeof board);
    while (fgets(line, sizeof line, stdin)) {
        if (!field(line, "op", op, sizeof op)) {
            printf("{\"error\":\"no op in the request\"}\n");
        } else if (!strcmp(op, "hello")) {
            printf("{\"protocol\":1,\"name\":\"tic_tac_toe.c\",\"games\":[\"tic_tac_toe\"],"
                   "\"features\":[\"undo\"]}\n");
        } else if (!strcmp(op, "new")) {
            if (field(line, "game", arg, sizeof arg) && strcmp(arg, "tic_tac_toe")) {
                printf("{\"error\":\"this engine plays tic_tac_toe only\"}\n");
            } else {
                memset(board, '.', sizeof board);
                moves = 0;
                printf("{\"ok\":true}\n");
            }
        } else if (!strcmp(op, "play")) {
            int c = field(line, "move", arg, sizeof arg) ? cell(arg) : -1;
            if (c < 0) printf("{\"error\":\"not a cell\"}\n");
            else if (over()) printf("{\"error\":\"the game is over\"}\n");
            else if (board[c] != '.') printf("{\"error\":\"the cell is taken\"}\n");
            else {
                board[c] = to_move();
                history[moves++] = c;
                printf("{\"ok\":true}\n");
            }
        } else if (!strcmp(op, "undo")) {
            if (moves == 0) printf("{\"error\":\"no move to undo\"}\n");
            else {
                board[history[--moves]] = '.';
                printf("{\"ok\":true}\n");
            }
        } else if (!strcmp(op, "state")) {
            state();
        } else if (!strcmp(op, "quit")) {
            return 0;
        } else {
            printf("{\"error\":\"unknown op\"}\n");
        }
        fflush(stdout);
    }
    return 0;
}
