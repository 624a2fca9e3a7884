! A tile's left halo copied from its neighbour tile, with dummies named at
! length: the launch's sizes depend on six scalars whose names, in the
! Fortran host's argument lists, pass Fortran's 132 characters a line
! (Note [Fortran line length] in hostgen/fortranlines.go).
!$OFP PURE, KERNEL :: copy_left_halo_from_neighbour
subroutine copy_left_halo_from_neighbour(first_interior_column, last_interior_column, &
    first_interior_row_of_the_tile, last_interior_row_of_the_tile, &
    first_interior_column_of_left_neighbour, last_interior_column_of_left_neighbour, &
    halo_depth_of_the_exchange, density_of_the_tile, density_of_the_left_neighbour)
  implicit none
  integer :: first_interior_column, last_interior_column
  integer :: first_interior_row_of_the_tile, last_interior_row_of_the_tile
  integer :: first_interior_column_of_left_neighbour, last_interior_column_of_left_neighbour
  integer :: halo_depth_of_the_exchange
  real(kind=8), dimension(first_interior_column-2:last_interior_column+2, &
      first_interior_row_of_the_tile-2:last_interior_row_of_the_tile+2) :: density_of_the_tile
  real(kind=8), dimension(first_interior_column_of_left_neighbour-2:last_interior_column_of_left_neighbour+2, &
      first_interior_row_of_the_tile-2:last_interior_row_of_the_tile+2) :: density_of_the_left_neighbour
  integer :: j, k
  !$omp parallel do private(j)
  do k = first_interior_row_of_the_tile-halo_depth_of_the_exchange, &
      last_interior_row_of_the_tile+halo_depth_of_the_exchange
    do j = 1, halo_depth_of_the_exchange
      density_of_the_tile(first_interior_column-j, k) = &
          density_of_the_left_neighbour(last_interior_column_of_left_neighbour+1-j, k)
    end do
  end do
end subroutine copy_left_halo_from_neighbour
