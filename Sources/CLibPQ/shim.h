#pragma once
#include <stddef.h>
#include <stdint.h>
#include <libpq-fe.h>
