/*
 * A small HotSpot disassembler plug-in (hsdis) for x86-64 on top of the Capstone library, for
 * -XX:+PrintAssembly and JMH's -prof perfasm where no hsdis is installed. Not part of the build.
 *
 *   apt-get install libcapstone-dev        (Debian/Ubuntu; Capstone 4 or later)
 *   gcc -O2 -shared -fPIC -o hsdis-amd64.so jctools-benchmarks/tools/hsdis-capstone.c -lcapstone
 *
 * then put hsdis-amd64.so in $JAVA_HOME/lib/server/ or a folder on LD_LIBRARY_PATH.
 *
 * The JVM looks up decode_instructions_virtual and hands it a buffer of machine code, the
 * virtual address that code runs at, and two callbacks: one for events (the JVM answers "insn"
 * with the address and its comments, so it is raised at the start of every instruction) and one
 * printf-like, for the instruction text. The options string may ask for Intel syntax ("intel");
 * AT&T is the default, as in the binutils-based plug-in.
 */
#include <stdint.h>
#include <string.h>
#include <capstone/capstone.h>

typedef void *(*hsdis_event_fn)(void *stream, const char *event, void *arg);
typedef int (*hsdis_printf_fn)(void *stream, const char *format, ...);

void *decode_instructions_virtual(uintptr_t start_va, uintptr_t end_va,
                                  unsigned char *buffer, uintptr_t length,
                                  hsdis_event_fn event, void *event_stream,
                                  hsdis_printf_fn print, void *print_stream,
                                  const char *options, int newline) {
    csh handle;
    if (cs_open(CS_ARCH_X86, CS_MODE_64, &handle) != CS_ERR_OK) {
        return (void *) start_va;
    }
    const int intel = options != NULL && strstr(options, "intel") != NULL;
    cs_option(handle, CS_OPT_SYNTAX, intel ? CS_OPT_SYNTAX_INTEL : CS_OPT_SYNTAX_ATT);
    cs_insn *insn = cs_malloc(handle);
    const uint8_t *code = buffer;
    size_t left = length;
    uint64_t address = start_va;
    event(event_stream, "insns", (void *) start_va);
    while (address < end_va && left > 0) {
        event(event_stream, "insn", (void *) (uintptr_t) address);
        if (cs_disasm_iter(handle, &code, &left, &address, insn)) {
            print(print_stream, "%-8s %s", insn->mnemonic, insn->op_str);
        } else {
            /* Not an instruction (data in the code, or a decoder gap): show one byte, go on. */
            print(print_stream, ".byte    0x%02x", *code);
            code++;
            left--;
            address++;
        }
        event(event_stream, "/insn", (void *) (uintptr_t) address);
        if (newline) {
            print(print_stream, "\n");
        }
    }
    event(event_stream, "/insns", (void *) (uintptr_t) address);
    cs_free(insn, 1);
    cs_close(&handle);
    return (void *) (uintptr_t) address;
}

/* The older entry point, which decodes code at the address it runs at. */
void *decode_instructions(void *start, void *end,
                          hsdis_event_fn event, void *event_stream,
                          hsdis_printf_fn print, void *print_stream, const char *options) {
    return decode_instructions_virtual((uintptr_t) start, (uintptr_t) end,
                                       (unsigned char *) start, (uintptr_t) end - (uintptr_t) start,
                                       event, event_stream, print, print_stream, options, 0);
}
