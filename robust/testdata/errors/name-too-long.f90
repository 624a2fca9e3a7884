pure elemental subroutine k(x, y)
  implicit none
  real, intent(in)  :: x
  real, intent(out) :: y
  real :: interpolated_surface_height_at_the_western_face_of_the_cell_xyzw  ! WARNING [name-too-long] "has 64 characters; Fortran allows at most 63"
  interpolated_surface_height_at_the_western_face_of_the_cell_xyzw = 2.0*x
  y = interpolated_surface_height_at_the_western_face_of_the_cell_xyzw
end subroutine k
