! loop_alloc_dummy: allocatable array dummies, as benchmark codes pass
! their allocated arrays on (ParRes's init_grid): intent(in) and
! intent(inout) ones are arrays from lower bound 1 whose extents the
! caller's allocation gives; the kernel fills a checkerboard of charges
! and smooths it into a second grid.
module alloc_dummy
  implicit none
contains
!$OFP PURE, KERNEL :: alloc_grid
  subroutine alloc_grid(l, q, grid, smooth)
    integer, intent(in) :: l
    real(8), intent(in) :: q
    real(8), allocatable, dimension(:,:), intent(inout) :: grid ! WARNING [allocatable-dummy]
    real(8), allocatable, intent(inout) :: smooth(:,:) ! WARNING [allocatable-dummy]
    integer :: x, y
    do y = 1, l
      do x = 1, l
        if (mod(x + y, 2) == 0) then
          grid(x, y) = q
        else
          grid(x, y) = -q
        end if
      end do
    end do
    do y = 2, l - 1
      do x = 2, l - 1
        smooth(x, y) = 0.25d0*(grid(x-1, y) + grid(x+1, y) + grid(x, y-1) + grid(x, y+1))
      end do
    end do
  end subroutine alloc_grid
end module alloc_dummy
