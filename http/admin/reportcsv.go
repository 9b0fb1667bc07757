package admin

import (
	"bytes"
	"encoding/csv"
	"slices"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/locale"
)

// utf8BOM opens every CSV file: without it Excel reads UTF-8 as Latin-1
// and the accents of "Cadastradas" come out garbled.
const utf8BOM = "\uFEFF"

// reportCSV serves GET /admin/reports/<table>.csv with the page's filter:
// the page's table, its headings in the page's language. A spreadsheet in
// that language opens it as columns of numbers: in pt-BR the separator is
// ";" and decimals use ",", as Excel pt-BR expects; in English "," and ".".
// Durations are whole seconds, costs bare numbers in the currency the
// heading names, periods YYYY-MM-DD days.
func (h *Handler) reportCSV(c *fiber.Ctx) error {
	name := c.Params("table")
	if !slices.Contains(reportTableNames, name) {
		return httperr.Write(c, fiber.StatusNotFound, "not_found", "no such report table")
	}
	r, f, err := h.filteredReport(c)
	if f == nil {
		return err
	}
	t := tableBuilder{loc: h.pages.loc, r: r}.table(name)
	var buf bytes.Buffer
	buf.WriteString(utf8BOM)
	w := csv.NewWriter(&buf)
	if h.pages.loc.Lang != locale.English {
		w.Comma = ';'
	}
	head := make([]string, len(t.Head))
	for i, col := range t.Head {
		head[i] = col.Label
	}
	records := [][]string{head}
	for _, row := range t.Rows {
		rec := make([]string, len(row))
		for i, cell := range row {
			rec[i] = cell.Value
		}
		records = append(records, rec)
	}
	if err := w.WriteAll(records); err != nil {
		return h.internal(c, "report CSV failed", err)
	}
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="`+name+"-"+f.From+"-"+f.To+`.csv"`)
	c.Type("csv", "utf-8")
	return c.Send(buf.Bytes())
}
