! Region kernels on assumed-shape dummies declared without CONTIGUOUS, as
! modern Fortran writes them: whole-array syntax, and a halo stencil
! through region_cpy/region_ptr. Hosts pass contiguous buffers, so the
! attribute changes nothing.
module region_plain_assumed
  use forocl_regions
  implicit none
contains
!$OFP PURE, KERNEL :: add_scaled
  pure subroutine add_scaled(a, b, c, s)
    real, intent(in)  :: b(:,:), c(:,:)
    real, intent(out) :: a(:,:)
    real, intent(in)  :: s
    a = b + s*c
  end subroutine add_scaled

!$OFP PURE, KERNEL :: smooth_x
  subroutine smooth_x(u, ou)
    real, dimension(:,:), intent(in) :: u
    real, dimension(:,:), intent(out), target :: ou
    real, pointer, dimension(:,:) :: pu
    integer, dimension(4) :: halo, west, east
    halo = [1,1,1,1]
    west = [0,2,1,1]
    east = [2,0,1,1]
    pu => region_ptr(ou, halo)
    pu = 0.25*region_cpy(u, west) + 0.5*region_cpy(u, halo) + 0.25*region_cpy(u, east)
  end subroutine smooth_x
end module region_plain_assumed
