/* test_fwtimes.c: the firmware's and the loader's times before the kernel from a fake /sys/firmware: systemd-boot's EFI variables (UTF-16 digits after 4 bytes of attributes) first, else the ACPI FPDT boot record (ns); none, damaged or out of order: none. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"
#include "fwtimes.h"

#define GUID "4a67b082-0a4c-41cf-b6c7-440b29bb8c4f"

static void
put_file(const char *dir, const char *name, const void *data, size_t len)
{
	char p[1024];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	assert_non_null(f = fopen(p, "wb"));
	assert_int_equal(fwrite(data, 1, len, f), len);
	fclose(f);
}

/* An efivarfs file: attributes 7 (NV, BS, RT), the digits as UTF-16LE, NUL. */
static void
put_efivar(const char *dir, const char *name, const char *digits)
{
	unsigned char b[64] = { 7, 0, 0, 0 };
	char file[128];
	size_t i, n = 4;

	for (i = 0; digits[i] != '\0'; i++) {
		b[n++] = (unsigned char)digits[i];
		b[n++] = 0;
	}
	b[n++] = 0;
	b[n++] = 0;
	snprintf(file, sizeof(file), "efi/efivars/%s-" GUID, name);
	put_file(dir, file, b, n);
}

static int
fake_sys(char *dir)
{
	char p[1024];
	int fd;

	assert_non_null(mkdtemp(dir));
	snprintf(p, sizeof(p), "%s/efi", dir);
	assert_int_equal(mkdir(p, 0755), 0);
	snprintf(p, sizeof(p), "%s/efi/efivars", dir);
	assert_int_equal(mkdir(p, 0755), 0);
	snprintf(p, sizeof(p), "%s/acpi", dir);
	assert_int_equal(mkdir(p, 0755), 0);
	snprintf(p, sizeof(p), "%s/acpi/fpdt", dir);
	assert_int_equal(mkdir(p, 0755), 0);
	snprintf(p, sizeof(p), "%s/acpi/fpdt/boot", dir);
	assert_int_equal(mkdir(p, 0755), 0);
	assert_true((fd = open(dir, O_RDONLY | O_DIRECTORY)) >= 0);
	return fd;
}

static void
efi_loader_first(void **state)
{
	char dir[] = "/tmp/test_fwtimes.XXXXXX", cmd[1100];
	struct fw_times t;
	int fd = fake_sys(dir);

	(void)state;
	fw_times_read(fd, &t);
	assert_int_equal(t.from, FW_NONE);
	put_file(dir, "acpi/fpdt/boot/start_image_start_ns", "2500000000\n", 11);
	put_file(dir, "acpi/fpdt/boot/exitbootservice_end_ns", "3100000000\n", 11);
	fw_times_read(fd, &t);
	assert_int_equal(t.from, FW_ACPI_FPDT);
	assert_true(t.firmware_us == 2500000 && t.loader_us == 600000);
	put_efivar(dir, "LoaderTimeInitUSec", "1843000");
	put_efivar(dir, "LoaderTimeExecUSec", "2954321");
	fw_times_read(fd, &t);
	assert_int_equal(t.from, FW_EFI_LOADER);
	assert_true(t.firmware_us == 1843000 && t.loader_us == 1111321);
	assert_string_equal(fw_source_name(t.from), "efi-loader");
	/* Out of order (exec before init): the FPDT's instead. */
	put_efivar(dir, "LoaderTimeExecUSec", "1000");
	fw_times_read(fd, &t);
	assert_int_equal(t.from, FW_ACPI_FPDT);
	/* Not digits: none from either when the FPDT is damaged too. */
	put_file(dir, "acpi/fpdt/boot/start_image_start_ns", "x\n", 2);
	fw_times_read(fd, &t);
	assert_int_equal(t.from, FW_NONE);
	assert_null(fw_source_name(t.from));
	close(fd);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(efi_loader_first),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
