/* fwtimes.c: the firmware's and the boot loader's times before the kernel, from systemd-boot's EFI variables (µs since reset, as UTF-16 text) or the ACPI FPDT's boot record (ns since reset) under /sys/firmware. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fwtimes.h"
#include "slurp.h"

/* systemd's loader interface: the vendor GUID of its EFI variables. */
#define LOADER_GUID "4a67b082-0a4c-41cf-b6c7-440b29bb8c4f"
/* An efivarfs file: 4 bytes of attributes, then the value. */
#define EFIVAR_ATTR 4

/* A decimal number from ASCII digits (len bytes): 0 and *v, or -1. */
static int
digits(const char *s, size_t len, uint64_t *v)
{
	size_t i;

	*v = 0;
	if (len == 0 || len > 19)
		return -1;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		*v = *v * 10 + (uint64_t)(s[i] - '0');
	}
	return 0;
}

/*
 * An EFI variable of systemd-boot holding a number of µs: UTF-16LE
 * digits after the attributes, NUL-ended.  0 and *us, or -1.
 */
static int
efi_usec(int sysfd, const char *name, uint64_t *us)
{
	char path[128], text[24];
	size_t len, i, n = 0;
	unsigned char *b;

	snprintf(path, sizeof(path), "efi/efivars/%s-" LOADER_GUID, name);
	if ((b = (unsigned char *)slurp_exact_at(sysfd, path, 256, &len)) == NULL)
		return -1;
	for (i = EFIVAR_ATTR; i + 1 < len && n < sizeof(text); i += 2) {
		if (b[i + 1] != 0 || b[i] == 0)
			break;
		text[n++] = (char)b[i];
	}
	free(b);
	return digits(text, n, us);
}

/* A sysfs number (text, a newline after it): 0 and *v, or -1. */
static int
sys_number(int sysfd, const char *path, uint64_t *v)
{
	size_t len;
	char *s;
	int rc;

	if ((s = slurp_at(sysfd, path, 64, &len)) == NULL)
		return -1;
	while (len > 0 && (s[len - 1] == '\n' || s[len - 1] == ' '))
		len--;
	rc = digits(s, len, v);
	free(s);
	return rc;
}

void
fw_times_read(int sysfd, struct fw_times *t)
{
	uint64_t a, b;

	memset(t, 0, sizeof(*t));
	if (efi_usec(sysfd, "LoaderTimeInitUSec", &a) == 0 &&
	    efi_usec(sysfd, "LoaderTimeExecUSec", &b) == 0 && a > 0 && b >= a) {
		*t = (struct fw_times){ FW_EFI_LOADER, a, b - a };
		return;
	}
	if (sys_number(sysfd, "acpi/fpdt/boot/start_image_start_ns", &a) == 0 &&
	    sys_number(sysfd, "acpi/fpdt/boot/exitbootservice_end_ns",
	    &b) == 0 && a > 0 && b >= a)
		*t = (struct fw_times){ FW_ACPI_FPDT, a / 1000, (b - a) / 1000 };
}

const char *
fw_source_name(enum fw_source s)
{
	return s == FW_EFI_LOADER ? "efi-loader" : s == FW_ACPI_FPDT ?
	    "acpi-fpdt" : NULL;
}
