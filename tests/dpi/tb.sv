// DPI-C testbench: texsim (through its C API, scoreboard.c) is the scoreboard of fetch_unit.
// Loads the unit's memory from the scoreboard's surface, issues random requests (in range, out
// of range, wrapping with offsets) on random cycles and checks every result as it retires.
module tb #(
    parameter int LOG2_W = 5,
    parameter int LOG2_H = 4,
    parameter int REQUESTS = 20000
) (
    input  logic clk,
    input  logic rst,
    input  logic bug,
    output logic done
);
  import "DPI-C" function int sb_init(input int log2_w, input int log2_h, input int seed);
  import "DPI-C" function int sb_texel(input int index);
  import "DPI-C" function void sb_expect(input int x, input int y, input int off_x,
                                         input int off_y);
  import "DPI-C" function void sb_check(input int r, input int g, input int b, input int a,
                                        input int in_bounds);

  localparam int W = 1 << LOG2_W;
  localparam int H = 1 << LOG2_H;

  logic wr_en;
  logic [LOG2_W+LOG2_H-1:0] wr_addr;
  logic [31:0] wr_data;
  logic in_valid;
  logic [31:0] in_x, in_y;
  logic [3:0] in_off_x, in_off_y;
  logic out_valid, out_in_bounds;
  logic [31:0] out_r, out_g, out_b, out_a;

  fetch_unit #(.LOG2_W(LOG2_W), .LOG2_H(LOG2_H)) dut (.*);

  initial begin
    if (sb_init(LOG2_W, LOG2_H, 17) != 0) $fatal(1, "the scoreboard could not start");
  end

  // A coordinate: mostly near the surface (some beyond its edge), sometimes near 2^32.
  function automatic logic [31:0] coord(input int size);
    int unsigned r = $urandom;
    if (r % 8 == 0) return 32'hffff_fff8 + 32'($urandom % 8);
    return 32'($urandom % (size + 6));
  endfunction

  int load = 0;
  int issued = 0;
  int retired = 0;
  always_ff @(posedge clk) begin
    if (rst) begin
      load <= 0;
      issued <= 0;
      retired <= 0;
      wr_en <= 1'b0;
      in_valid <= 1'b0;
      done <= 1'b0;
    end else begin
      wr_en <= 1'b0;
      in_valid <= 1'b0;
      if (load < W * H) begin
        wr_en <= 1'b1;
        wr_addr <= (LOG2_W + LOG2_H)'(load);
        wr_data <= sb_texel(load);
        load <= load + 1;
      end else if (issued < REQUESTS && $urandom % 4 != 0) begin
        logic [31:0] x = coord(W), y = coord(H);
        logic [3:0] ox = 4'($urandom), oy = 4'($urandom);
        in_valid <= 1'b1;
        in_x <= x;
        in_y <= y;
        in_off_x <= ox;
        in_off_y <= oy;
        sb_expect(int'(x), int'(y), int'($signed(ox)), int'($signed(oy)));
        issued <= issued + 1;
      end
      if (out_valid) begin
        sb_check(int'(out_r), int'(out_g), int'(out_b), int'(out_a), int'(out_in_bounds));
        retired <= retired + 1;
      end
      if (retired == REQUESTS) done <= 1'b1;
    end
  end
endmodule
