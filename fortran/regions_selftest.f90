! regions_selftest: checks every specific of forocl_regions (region_cpy and
! region_ptr for real(4) and real(8), ranks 1, 2 and 3): result shape, result
! values, that region_ptr aliases the right section of its argument (writing
! through the pointer changes exactly that section) and that the pointer has
! lower bounds 1. Prints "ok" on success; stops with code 1 on any failure.
! The copies are assigned to explicit-shape arrays of the expected shape, so
! under -fcheck=bounds a wrong result shape also fails at run time.
!
!   gfortran -std=f2008 -Wall -fcheck=all fortran/forocl_regions.f90 \
!            fortran/regions_selftest.f90 -o /tmp/regions_selftest
!   /tmp/regions_selftest
program regions_selftest
  use forocl_regions
  implicit none
  integer, parameter :: n1 = 7, n2 = 6, n3 = 5
  integer :: nfail

  nfail = 0
  call check_r4_1d()
  call check_r4_2d()
  call check_r4_3d()
  call check_r8_1d()
  call check_r8_2d()
  call check_r8_3d()
  if (nfail /= 0) then
    print '(a,i0,a)', 'regions_selftest: ', nfail, ' check(s) failed'
    stop 1
  end if
  print '(a)', 'ok'

contains

  subroutine expect(cond, what)
    logical, intent(in) :: cond
    character(len=*), intent(in) :: what
    if (.not. cond) then
      nfail = nfail + 1
      print '(2a)', 'FAIL: ', what
    end if
  end subroutine expect

  ! value(i,j,k) gives every element a distinct value
  pure real(8) function value(i, j, k)
    integer, intent(in) :: i, j, k
    value = real(i, 8) + 100.0d0*real(j, 8) + 10000.0d0*real(k, 8)
  end function value

  subroutine check_r4_1d()
    real(4), target :: A(n1)
    real(4) :: c(n1-3)
    real(4), pointer :: p(:)
    integer :: i, halo(2)
    do i = 1, n1
      A(i) = real(value(i, 0, 0), 4)
    end do
    halo = [2, 1]
    c = region_cpy(A, halo)
    call expect(all(shape(c) == [n1-3]), 'r4_1d cpy shape')
    call expect(all(c == A(3:n1-1)), 'r4_1d cpy values')
    halo = [0, 0]
    call expect(all(region_cpy(A, halo) == A), 'r4_1d cpy zero halo')
    halo = [1, 2]
    p => region_ptr(A, halo)
    call expect(all(shape(p) == [n1-3]), 'r4_1d ptr shape')
    call expect(all(lbound(p) == 1), 'r4_1d ptr lbound')
    call expect(associated(p, A(2:n1-2)), 'r4_1d ptr target')
    call expect(all(p == A(2:n1-2)), 'r4_1d ptr values')
    p = -1.0
    call expect(all(A(2:n1-2) == -1.0) .and. A(1) == real(value(1,0,0), 4) &
                .and. all(A(n1-1:) /= -1.0), 'r4_1d ptr write')
  end subroutine check_r4_1d

  subroutine check_r8_1d()
    real(8), target :: A(n1)
    real(8) :: c(n1-3)
    real(8), pointer :: p(:)
    integer :: i, halo(2)
    do i = 1, n1
      A(i) = value(i, 0, 0)
    end do
    halo = [0, 3]
    c = region_cpy(A, halo)
    call expect(all(shape(c) == [n1-3]), 'r8_1d cpy shape')
    call expect(all(c == A(1:n1-3)), 'r8_1d cpy values')
    halo = [1, 1]
    p => region_ptr(A, halo)
    call expect(all(shape(p) == [n1-2]), 'r8_1d ptr shape')
    call expect(all(lbound(p) == 1), 'r8_1d ptr lbound')
    call expect(associated(p, A(2:n1-1)), 'r8_1d ptr target')
    call expect(all(p == A(2:n1-1)), 'r8_1d ptr values')
    p = -1.0d0
    call expect(all(A(2:n1-1) == -1.0d0) .and. A(1) /= -1.0d0 .and. A(n1) /= -1.0d0, &
                'r8_1d ptr write')
  end subroutine check_r8_1d

  subroutine check_r4_2d()
    real(4), target :: A(n1, n2)
    real(4) :: c(n1-1, n2-2)
    real(4), pointer :: p(:,:)
    integer :: i, j, halo(4)
    do j = 1, n2
      do i = 1, n1
        A(i, j) = real(value(i, j, 0), 4)
      end do
    end do
    halo = [0, 1, 2, 0]
    c = region_cpy(A, halo)
    call expect(all(shape(c) == [n1-1, n2-2]), 'r4_2d cpy shape')
    call expect(all(c == A(1:n1-1, 3:n2)), 'r4_2d cpy values')
    call expect(c(1, 1) == real(value(1, 3, 0), 4), 'r4_2d cpy first element')
    halo = [1, 2, 1, 1]
    p => region_ptr(A, halo)
    call expect(all(shape(p) == [n1-3, n2-2]), 'r4_2d ptr shape')
    call expect(all(lbound(p) == 1), 'r4_2d ptr lbound')
    call expect(associated(p, A(2:n1-2, 2:n2-1)), 'r4_2d ptr target')
    call expect(all(p == A(2:n1-2, 2:n2-1)), 'r4_2d ptr values')
    p = -1.0
    call expect(count(A == -1.0) == (n1-3)*(n2-2) .and. all(A(2:n1-2, 2:n2-1) == -1.0), &
                'r4_2d ptr write')
  end subroutine check_r4_2d

  subroutine check_r8_2d()
    real(8), target :: A(n1, n2)
    real(8) :: c(n1-4, n2-1)
    real(8), pointer :: p(:,:)
    integer :: i, j, halo(4)
    do j = 1, n2
      do i = 1, n1
        A(i, j) = value(i, j, 0)
      end do
    end do
    halo = [2, 2, 1, 0]
    c = region_cpy(A, halo)
    call expect(all(shape(c) == [n1-4, n2-1]), 'r8_2d cpy shape')
    call expect(all(c == A(3:n1-2, 2:n2)), 'r8_2d cpy values')
    halo = [1, 1, 1, 1]
    p => region_ptr(A, halo)
    call expect(all(shape(p) == [n1-2, n2-2]), 'r8_2d ptr shape')
    call expect(all(lbound(p) == 1), 'r8_2d ptr lbound')
    call expect(associated(p, A(2:n1-1, 2:n2-1)), 'r8_2d ptr target')
    call expect(all(p == A(2:n1-1, 2:n2-1)), 'r8_2d ptr values')
    p = -1.0d0
    call expect(count(A == -1.0d0) == (n1-2)*(n2-2) .and. all(A(2:n1-1, 2:n2-1) == -1.0d0), &
                'r8_2d ptr write')
  end subroutine check_r8_2d

  subroutine check_r4_3d()
    real(4), target :: A(n1, n2, n3)
    real(4) :: c(n1-1, n2-2, n3-2)
    real(4), pointer :: p(:,:,:)
    integer :: i, j, k, halo(6)
    do k = 1, n3
      do j = 1, n2
        do i = 1, n1
          A(i, j, k) = real(value(i, j, k), 4)
        end do
      end do
    end do
    halo = [1, 0, 0, 2, 1, 1]
    c = region_cpy(A, halo)
    call expect(all(shape(c) == [n1-1, n2-2, n3-2]), 'r4_3d cpy shape')
    call expect(all(c == A(2:n1, 1:n2-2, 2:n3-1)), 'r4_3d cpy values')
    halo = [1, 1, 2, 1, 0, 1]
    p => region_ptr(A, halo)
    call expect(all(shape(p) == [n1-2, n2-3, n3-1]), 'r4_3d ptr shape')
    call expect(all(lbound(p) == 1), 'r4_3d ptr lbound')
    call expect(associated(p, A(2:n1-1, 3:n2-1, 1:n3-1)), 'r4_3d ptr target')
    call expect(all(p == A(2:n1-1, 3:n2-1, 1:n3-1)), 'r4_3d ptr values')
    p = -1.0
    call expect(count(A == -1.0) == size(p) .and. all(A(2:n1-1, 3:n2-1, 1:n3-1) == -1.0), &
                'r4_3d ptr write')
  end subroutine check_r4_3d

  subroutine check_r8_3d()
    real(8), target :: A(n1, n2, n3)
    real(8) :: c(n1, n2-2, n3-2)
    real(8), pointer :: p(:,:,:)
    integer :: i, j, k, halo(6)
    do k = 1, n3
      do j = 1, n2
        do i = 1, n1
          A(i, j, k) = value(i, j, k)
        end do
      end do
    end do
    halo = [0, 0, 1, 1, 2, 0]
    c = region_cpy(A, halo)
    call expect(all(shape(c) == [n1, n2-2, n3-2]), 'r8_3d cpy shape')
    call expect(all(c == A(:, 2:n2-1, 3:n3)), 'r8_3d cpy values')
    halo = [1, 1, 1, 1, 1, 1]
    p => region_ptr(A, halo)
    call expect(all(shape(p) == [n1-2, n2-2, n3-2]), 'r8_3d ptr shape')
    call expect(all(lbound(p) == 1), 'r8_3d ptr lbound')
    call expect(associated(p, A(2:n1-1, 2:n2-1, 2:n3-1)), 'r8_3d ptr target')
    call expect(all(p == A(2:n1-1, 2:n2-1, 2:n3-1)), 'r8_3d ptr values')
    p = -1.0d0
    call expect(count(A == -1.0d0) == size(p) .and. all(A(2:n1-1, 2:n2-1, 2:n3-1) == -1.0d0), &
                'r8_3d ptr write')
  end subroutine check_r8_3d

end program regions_selftest
